import { normalizeEmail, type SignInFieldErrors, type SignInFields, signInFieldErrors } from '@hopbox/contracts/sign-in-rules';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { SignInInput } from '../api/sign-in';

const FIELDS = ['email', 'password'] as const satisfies readonly (keyof SignInFields)[];

/**
 * The sign-in form's two fields without a form library (decision 035), as the other forms behave
 * (SPEC.md section 5): the fields are checked on submit with contracts' sign-in rules, the first
 * field at fault takes the focus, and an error clears as soon as its field is edited.
 */
export function useSignInForm(initialEmail: string) {
  const [values, setValues] = useState<SignInFields>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<SignInFieldErrors>({});
  const inputs = useRef<Partial<Record<keyof SignInFields, HTMLInputElement | null>>>({});

  /** The props of one field's input (for TextField and PasswordField, which show `error`). */
  const field = (name: keyof SignInFields) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  /** A submit handler that calls `onValid` with the checked input (the email as the API takes it). */
  const handleSubmit = (onValid: (input: SignInInput) => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const found = signInFieldErrors(values);
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    void onValid({ email: normalizeEmail(values.email), password: values.password });
  };

  return { values, field, handleSubmit };
}
