import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

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
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
  });
  const field = (name: Path<z.input<S>>) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}
