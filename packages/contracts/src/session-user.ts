// No zod here: the web app reads the stored session and the sign-in answer on every page, before the
// schema library would be needed (decision 035). session.ts's schemas say the same for the API's
// documents and responses; session-user.test.ts holds the two to one answer.
import { ROLES } from './constants.ts';
import type { SessionUser, SignInResponse } from './session.ts';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isWholeNumber = (value: unknown): value is number => Number.isSafeInteger(value);
const isRole = (value: unknown): value is SessionUser['role'] => (ROLES as readonly unknown[]).includes(value);

/** sessionUserSchema's check: the user with exactly its fields (others dropped), or null. */
export function readSessionUser(value: unknown): SessionUser | null {
  if (!isObject(value)) return null;
  const { id, fullName, firstName, lastName, email, phone, gender, country, lockerNumber, tenantId, role } = value;
  if (!isWholeNumber(id) || !isWholeNumber(tenantId) || !isRole(role)) return null;
  if (!isText(fullName) || !isText(firstName) || !isText(lastName) || !isText(email)) return null;
  if (!isTextOrNull(phone) || !isTextOrNull(gender) || !isTextOrNull(country) || !isTextOrNull(lockerNumber)) return null;
  return { id, fullName, firstName, lastName, email, phone, gender, country, lockerNumber, tenantId, role };
}

/** signInResponseSchema's check: a successful sign-in (or refresh) answer, or null. */
export function readSignInResponse(value: unknown): SignInResponse | null {
  if (!isObject(value) || value.success !== true || !isText(value.token) || !isText(value.refreshToken)) return null;
  const user = readSessionUser(value.user);
  return user && { success: true, token: value.token, refreshToken: value.refreshToken, user };
}
