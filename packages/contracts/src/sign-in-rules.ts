// No zod here: the sign-in page checks its two fields with these, and loads no schema library
// (decision 035). auth.ts builds the API's signInSchema from the same constants and messages.
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './constants.ts';
import { messages } from './messages.ts';

export interface SignInFields {
  email: string;
  password: string;
}

/** The message for each field at fault; an empty object when both are fine. */
export type SignInFieldErrors = Partial<Record<keyof SignInFields, string>>;

/**
 * signInSchema's field rules, in the same order and with the same messages: the email is trimmed,
 * refused past its length, required, then matched; the password is required. (Its 200-character cap
 * is left to the API, which answers with the field at fault.)
 */
export function signInFieldErrors({ email, password }: SignInFields): SignInFieldErrors {
  const errors: SignInFieldErrors = {};
  const address = email.trim();
  if (address.length > EMAIL_MAX_LENGTH) errors.email = messages.auth.emailInvalid;
  else if (!address) errors.email = messages.auth.emailRequired;
  else if (!EMAIL_PATTERN.test(address)) errors.email = messages.auth.emailInvalid;
  if (!password) errors.password = messages.auth.passwordRequired;
  return errors;
}

/** The email as signInSchema passes it on: trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
