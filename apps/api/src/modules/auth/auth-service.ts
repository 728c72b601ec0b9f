import type { Role } from '@hopbox/contracts/constants';
import {
  AUTH_LIMIT_WINDOW_MINUTES,
  FORGOT_PASSWORD_LIMIT,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  SIGNIN_FAILURE_LIMIT,
} from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import type { AppDeps } from '../../app.ts';
import type { Executor } from '../../db/client.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { daysFromNow, minutesFromNow, sleep } from '../../lib/time.ts';
import { notify } from '../notifications/notifications-service.ts';
import { countRecentAttempts, recordAttempts } from './auth-attempts-repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { consumeResetToken, findUsableResetToken, insertResetToken, invalidateUserResetTokens } from './reset-tokens-repository.ts';
import { toSessionUser } from './session-user.ts';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeSession,
  revokeUserSessions,
} from './sessions-repository.ts';
import { signAccessToken } from './tokens.ts';
import { findUserByEmail, findUserById, insertUser, isUniqueViolation, type UserRow, updateUser } from './users-repository.ts';

/** Forgot-password answers take at least this long, so a known and an unknown email look alike. */
const FORGOT_PASSWORD_MIN_MS = 400;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  gender?: string | null;
  country?: string | null;
  role: Role;
}

/** Creates an account of any role; sign-up, the CLI and the demo seed all come through here. */
export async function createAccount(db: Executor, input: NewAccount) {
  if (await findUserByEmail(db, input.email)) throw conflict(messages.auth.emailTaken, 'email');
  const { password, ...fields } = input;
  try {
    return await insertUser(db, { ...fields, email: input.email.toLowerCase(), passwordHash: await hashPassword(password) });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw conflict(messages.auth.emailTaken, 'email');
    throw err;
  }
}

/** Sign-up only ever creates a customer, whatever `userType` says. */
export async function signUp(
  deps: AppDeps,
  input: { firstName: string; lastName: string; email: string; phoneNumber: string; gender: string; country: string; password: string },
) {
  const user = await createAccount(deps.db, {
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phoneNumber,
    gender: input.gender,
    country: input.country,
    role: 'user',
  });
  return toSessionUser(user);
}

/** Issues a new session: an access JWT and the first refresh token of the session's family. */
async function startSession(deps: AppDeps, user: UserRow, client: ClientInfo) {
  const sessionId = await insertSession(deps.db, user.id, client.userAgent);
  return issueTokens(deps, user, sessionId);
}

async function issueTokens(deps: AppDeps, user: UserRow, sessionId: number) {
  const refreshToken = randomToken();
  await insertRefreshToken(deps.db, sessionId, hashToken(refreshToken), daysFromNow(REFRESH_TOKEN_TTL_DAYS));
  const token = await signAccessToken(deps.config, {
    userId: user.id,
    sessionId,
    role: toSessionUser(user).role,
    tenantId: user.tenantId,
  });
  return { success: true as const, token, refreshToken, user: toSessionUser(user) };
}

export async function signIn(deps: AppDeps, input: { email: string; password: string }, client: ClientInfo) {
  const keys = [`ip:${client.ip}`, `email:${input.email}`];
  for (const key of keys) {
    if ((await countRecentAttempts(deps.db, 'signin', key, AUTH_LIMIT_WINDOW_MINUTES)) >= SIGNIN_FAILURE_LIMIT) throw tooManyRequests();
  }
  const user = await findUserByEmail(deps.db, input.email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordAttempts(deps.db, 'signin', keys);
    throw new AppError(401, messages.auth.invalidCredentials, 'Unauthorized');
  }
  return startSession(deps, user, client);
}

/**
 * Rotates a refresh token. A token presented twice means it leaked: the whole session (every
 * token rotated from the same sign-in) is revoked.
 */
export async function refresh(deps: AppDeps, refreshToken: string) {
  const found = await findRefreshToken(deps.db, hashToken(refreshToken));
  if (!found || found.sessionRevokedAt) throw unauthorized(messages.auth.refreshTokenInvalid);
  if (found.usedAt || !(await claimRefreshToken(deps.db, found.id))) {
    await revokeSession(deps.db, found.sessionId, 'refresh-token-reuse');
    throw unauthorized(messages.auth.refreshTokenInvalid);
  }
  if (found.expiresAt.getTime() <= Date.now()) throw unauthorized(messages.auth.refreshTokenInvalid);
  const user = await findUserById(deps.db, found.userId);
  if (!user) throw unauthorized(messages.auth.refreshTokenInvalid);
  return issueTokens(deps, user, found.sessionId);
}

export async function logout(deps: AppDeps, sessionId: number) {
  await revokeSession(deps.db, sessionId, 'logout');
}

export async function forgotPassword(deps: AppDeps, email: string, client: ClientInfo) {
  const started = Date.now();
  const keys = [`ip:${client.ip}`, `email:${email}`];
  for (const key of keys) {
    if ((await countRecentAttempts(deps.db, 'forgot', key, AUTH_LIMIT_WINDOW_MINUTES)) >= FORGOT_PASSWORD_LIMIT) throw tooManyRequests();
  }
  await recordAttempts(deps.db, 'forgot', keys);
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const token = randomToken();
    await invalidateUserResetTokens(deps.db, user.id);
    await insertResetToken(deps.db, user.id, hashToken(token), minutesFromNow(RESET_TOKEN_TTL_MINUTES));
    const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await notify.passwordReset(deps, deps.db, user.id, link, RESET_TOKEN_TTL_MINUTES);
  }
  const remaining = FORGOT_PASSWORD_MIN_MS - (Date.now() - started);
  if (remaining > 0) await sleep(remaining);
  return { success: true as const, message: messages.auth.forgotSent };
}

export async function verifyResetToken(deps: AppDeps, token: string): Promise<boolean> {
  return Boolean(await findUsableResetToken(deps.db, hashToken(token)));
}

export async function resetPassword(deps: AppDeps, token: string, newPassword: string) {
  const found = await findUsableResetToken(deps.db, hashToken(token));
  if (!found) throw badRequest(messages.auth.resetTokenInvalid, 'token');
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, found.id))) throw badRequest(messages.auth.resetTokenInvalid, 'token');
    await updateUser(tx, found.userId, { passwordHash });
    await revokeUserSessions(tx, found.userId, 'password-reset');
    await notify.passwordChanged(deps, tx, found.userId);
  });
  return { success: true as const, message: messages.auth.resetSuccess };
}

export async function changePassword(deps: AppDeps, userId: number, sessionId: number, currentPassword: string, newPassword: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest(messages.auth.currentPasswordWrong, 'currentPassword');
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId, 'password-change', sessionId);
    await notify.passwordChanged(deps, tx, userId);
  });
  return { success: true as const, message: messages.auth.passwordChanged };
}
