import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, inputClasses } from './form-field';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

/** A labelled multi-line input with the same error and hint wiring as `TextField`. */
export function TextAreaField({ label, error, hint, containerClassName, className, rows = 3, ...props }: TextAreaFieldProps) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <textarea
        id={id}
        rows={rows}
        className={cn(inputClasses, 'min-h-20 resize-y', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...props}
      />
    </FieldShell>
  );
}
