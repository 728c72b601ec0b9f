import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from './api-errors';

/** Fields validate on submit, and an error clears as soon as its field is edited (SPEC.md section 5). */
export const VALIDATE_ON_SUBMIT = { mode: 'onSubmit', reValidateMode: 'onSubmit' } as const;

/**
 * How a form's fields are wired: `field(name)` registers it so that its error clears as soon as it
 * is edited; `input(name)` adds the error message, for the form-field components
 * (`<TextField label="Email" {...form.input('email')} />`).
 */
export function formFields<V extends FieldValues, C, O extends FieldValues>(form: UseFormReturn<V, C, O>) {
  const field = (name: Path<V>) => form.register(name, { onChange: () => form.clearErrors(name) });
  const input = (name: Path<V>) => ({
    ...field(name),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
  /** Why the last submit failed when no field was at fault: for `<FailureForm failure={...}>`. */
  const failure = (get(form.formState.errors, SUBMIT_FAILURE) as FieldError | undefined)?.message ?? null;
  return { field, input, failure };
}

/** Where a failed submit's message is kept: a root error, which react-hook-form clears on the next submit. */
const SUBMIT_FAILURE = 'root.submit';

/**
 * Shows why a submit failed inside the form, never only as a toast: when the API's error names one of
 * `fields`, on that field (focused); otherwise as the form's failure (`fallback` replaces a catch-all
 * text), which `FailureForm` shows above the fields. Returns true when a field took it.
 */
export function showSubmitFailure<V extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<V, C, O>,
  err: unknown,
  fields: readonly string[],
  fallback?: string,
): boolean {
  if (err instanceof ApiError && err.field && fields.includes(err.field)) {
    form.setError(err.field as Path<V>, { message: err.message }, { shouldFocus: true });
    return true;
  }
  form.setError(SUBMIT_FAILURE as Path<V>, { message: errorMessage(err, fallback) });
  return false;
}
