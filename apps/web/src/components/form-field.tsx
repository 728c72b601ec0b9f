import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import type { SelectOption } from '@/lib/select-options';
import { Button } from './button';

export const inputClasses =
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg shadow-xs ' +
  'transition-colors focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none focus-visible:outline-none ' +
  'aria-invalid:border-danger aria-invalid:focus:ring-danger/25 disabled:opacity-60';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Content next to the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
}

/** A label, the control, and its error message tied to it with aria-describedby. */
export function FieldShell({ id, label, error, hint, children, className, labelAside }: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-fg">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  labelAside?: ReactNode;
  containerClassName?: string;
}

export function TextField({ label, error, hint, labelAside, containerClassName, className, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} labelAside={labelAside} className={containerClassName}>
      <input
        id={id}
        className={cn(inputClasses, 'read-only:bg-subtle read-only:text-muted', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </FieldShell>
  );
}

/** A phone number: a number without its country code is read in the country `readIn` names (the API's rule). */
export function PhoneField({ readIn, ...props }: Omit<TextFieldProps, 'type' | 'hint'> & { readIn: string }) {
  return <TextField type="tel" hint={`A local number is read in ${readIn}`} {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, labelAside, containerClassName, className, ...props }: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} labelAside={labelAside} className={containerClassName}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={cn(inputClasses, 'pr-10', className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted hover:text-fg"
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  error?: string;
  containerClassName?: string;
  /** The choices, as an alternative to `<option>` children. */
  options?: readonly SelectOption[];
  /** A first, empty choice (value ""), e.g. "Select country". */
  placeholder?: string;
}

export function SelectField({ label, error, containerClassName, className, children, options, placeholder, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={containerClassName}>
      <select
        id={id}
        className={cn(inputClasses, 'appearance-auto pr-8', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </FieldShell>
  );
}

/** A form's Cancel and submit buttons; the submit says "Saving..." while `pending`. */
export function FormActions({ onCancel, pending, submitLabel }: { onCancel: () => void; pending: boolean; submitLabel: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
