import { type ComponentProps, useId } from 'react';
import { FieldShell, inputClasses } from '@/components/form-field';
import { cn } from '@/lib/cn';

export interface UnitFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown inside the input at the end, e.g. "kg"; also read out after the label. */
  unit: string;
  /** The unit as words for assistive technology, e.g. "kilograms". */
  unitName: string;
  error?: string;
  containerClassName?: string;
}

/** A number input with its unit shown inside it. */
export function UnitField({ label, unit, unitName, error, containerClassName, className, ...props }: UnitFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={containerClassName}>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={cn(inputClasses, 'pr-12 tabular-nums', className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-unit` : `${id}-unit`}
          {...props}
        />
        <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-sm text-muted" aria-hidden="true">
          {unit}
        </span>
        <span id={`${id}-unit`} className="sr-only">
          in {unitName}
        </span>
      </div>
    </FieldShell>
  );
}
