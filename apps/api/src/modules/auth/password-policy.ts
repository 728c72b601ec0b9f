import { type Role, STAFF_PASSWORD_MIN_LENGTH } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/errors.ts';

let common: Set<string> | undefined;

/**
 * True for one of the ~49,000 most common passwords of @zxcvbn-ts/language-common (compared in
 * lower case, as the list is). Kept on the server: the list is far too big for the web bundle.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/**
 * The rules a new password must meet beyond the schema's (SPEC.md's minimum of 6 and, for reset
 * and change, a letter and a number): staff and admin passwords are at least 12 characters, and no
 * password may be a common one. The message, or null when the password is acceptable.
 */
export function passwordPolicyProblem(password: string, role: Role): string | null {
  if (role !== 'user' && password.length < STAFF_PASSWORD_MIN_LENGTH) return messages.auth.staffPasswordMin;
  if (isCommonPassword(password)) return messages.auth.passwordTooCommon;
  return null;
}

/** Throws a 400 naming `field` when the new password breaks the policy. */
export function assertPasswordPolicy(password: string, role: Role, field: string) {
  const problem = passwordPolicyProblem(password, role);
  if (problem) throw badRequest(problem, field);
}
