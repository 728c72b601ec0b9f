import { TextField, type TextFieldProps } from '@/components/form-field';

/** An amount of money: a number from 0, in steps of one cent. */
export function AmountField(props: TextFieldProps) {
  return <TextField type="number" inputMode="decimal" min={0} step={0.01} {...props} />;
}

/** How many of an item: a whole number from 1. */
export function QuantityField(props: TextFieldProps) {
  return <TextField type="number" inputMode="numeric" min={1} step={1} {...props} />;
}
