import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formFields, VALIDATE_ON_SUBMIT } from './form-fields';

// How fields are wired and how a failed submit shows, for these forms and the lazy ones (`lazy-form.ts`).
export { formFields, showSubmitFailure } from './form-fields';

/**
 * react-hook-form with a contracts schema. Fields validate on submit, and an error clears as soon
 * as its field is edited (SPEC.md section 5), instead of re-validating on every keystroke.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    ...VALIDATE_ON_SUBMIT,
    ...options,
  });
  return { ...form, ...formFields(form) };
}
