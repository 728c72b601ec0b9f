import { messages } from '@hopbox/contracts/messages';
import { useState } from 'react';
import { type FieldErrors, type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formFields, VALIDATE_ON_SUBMIT } from './form-fields';

type Input<S extends z.ZodType<FieldValues, FieldValues>> = z.input<S>;
type Output<S extends z.ZodType<FieldValues, FieldValues>> = z.output<S>;

/**
 * A resolver whose schema, with zod and the resolver, loads when the form first validates: a form shown with the
 * page (the Profile page's password change) then costs the page neither zod's code nor building its schemas
 * (decision 085). When that code cannot load (the network gone), the submit fails with the network message on the
 * form, and the next one tries again.
 */
function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): Resolver<Input<S>, unknown, Output<S>> {
  let ready: Promise<Resolver<Input<S>, unknown, Output<S>>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Input<S>, unknown, Output<S>>,
    );
    let resolve: Resolver<Input<S>, unknown, Output<S>>;
    try {
      resolve = await ready;
    } catch {
      ready = undefined;
      const errors = { root: { submit: { type: 'load', message: messages.transport.network } } };
      return { values: {}, errors: errors as unknown as FieldErrors<Input<S>> };
    }
    return resolve(values, context, options);
  };
}

/** `useZodForm` for a schema that loads when the form first validates (`load` imports its contracts module). */
export function useLazyZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
  options?: Omit<UseFormProps<Input<S>, unknown, Output<S>>, 'resolver'>,
) {
  // One resolver for the form's life: it keeps the loaded schema, not one made again on every render.
  const [resolver] = useState(() => lazyZodResolver(load));
  const form = useForm<Input<S>, unknown, Output<S>>({ resolver, ...VALIDATE_ON_SUBMIT, ...options });
  return { ...form, ...formFields(form) };
}
