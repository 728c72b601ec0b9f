import { TextField, type TextFieldProps } from '@/components/form-field';

/**
 * A parcel's tracking number as the customer types it from the retailer's or carrier's mail; the contract drops its
 * spaces and dashes. `exactly` when the whole number is checked (claiming a parcel), not only looked for.
 */
export function TrackingNumberField({ exactly = false, ...props }: Omit<TextFieldProps, 'hint'> & { exactly?: boolean }) {
  return (
    <TextField
      autoComplete="off"
      spellCheck={false}
      hint={`${exactly ? 'Exactly as' : 'As'} the retailer or carrier gave it; spaces and dashes do not matter.`}
      {...props}
    />
  );
}
