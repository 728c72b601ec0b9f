import {
  AUTH_LIMIT_WINDOW_MINUTES,
  FORGOT_PASSWORD_LIMIT,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  SESSION_MAX_AGE_DAYS,
  SIGNIN_CLIENT_FAILURE_LIMIT,
  SIGNIN_FAILURE_LIMIT,
  SIGNIN_SLOWDOWN,
} from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { phoneToStore } from '../../lib/phone-numbers.ts';
import { daysFromNow, minutesFromNow, sleep } from '../../lib/time.ts';
import { notify } from '../notifications/notifications-service.ts';
import { type CountedHit, consumeLimit, countHit } from '../rate-limits/rate-limits-service.ts';
import { secondFactorChallenge } from './mfa-challenge.ts';
import { markSessionVerified } from './mfa-repository.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { defaultPasswordHasher, type PasswordHasher } from './passwords.ts';
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
import { findUserByEmail, findUserById, insertUser, type NewUser, type UserRow, updateUser } from './users-repository.ts';

/** Forgot-password answers take at least this long, so a known and an unknown email look alike. */
const FORGOT_PASSWORD_MIN_MS = 400;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** A new account as its creator gives it: the user's fields with the password in clear, hashed on the way in. */
export interface NewAccount extends Omit<NewUser, 'passwordHash'> {
  password: string;
}

const SIGNIN_WINDOW = { limit: SIGNIN_FAILURE_LIMIT, windowMinutes: AUTH_LIMIT_WINDOW_MINUTES };
const SIGNIN_CLIENT_WINDOW = { limit: SIGNIN_CLIENT_FAILURE_LIMIT, windowMinutes: AUTH_LIMIT_WINDOW_MINUTES };
const FORGOT_WINDOW = { limit: FORGOT_PASSWORD_LIMIT, windowMinutes: AUTH_LIMIT_WINDOW_MINUTES };
const DAY_MS = 86_400_000;

/**
 * Creates an account of any role; sign-up, the CLI and the demo seed all come through here.
 * The password rules are the caller's (sign-up and the CLI check them; the demo seed does not).
 * `alongside` is written in the account's own transaction (sign-up's welcome mail), so it exists exactly when the
 * account does; the password is hashed before it opens, since a hash takes a while.
 */
export async function createAccount(
  db: Executor,
  input: NewAccount,
  passwords: PasswordHasher = defaultPasswordHasher,
  alongside?: (tx: Executor, user: UserRow) => Promise<void>,
) {
  if (await findUserByEmail(db, input.email)) throw conflict(messages.auth.emailTaken, 'email', 'EMAIL_TAKEN');
  const { password, ...fields } = input;
  const passwordHash = await passwords.hash(password);
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, { ...fields, email: input.email.toLowerCase(), passwordHash });
      await alongside?.(tx, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw conflict(messages.auth.emailTaken, 'email', 'EMAIL_TAKEN');
    throw err;
  }
}

/**
 * Sign-up only ever creates a customer, whatever `userType` says, and signs it in: the answer carries the new
 * account's first session (decision 092). A new account has no second factor, so there is no code step.
 */
export async function signUp(
  deps: AppDeps,
  input: { firstName: string; lastName: string; email: string; phoneNumber: string; gender: string; country: string; password: string },
  client: ClientInfo,
) {
  await consumeLimit(deps.db, `signup:client:${client.ip}`, deps.config.rateLimits.signUp);
  assertPasswordPolicy(input.password, 'user', 'password');
  // "050 123 4567" with the country chosen on the form is stored as +971501234567 (decision 052).
  const phone = phoneToStore(input.phoneNumber, { country: input.country, field: 'phoneNumber', message: messages.signup.mobileInvalid });
  const user = await createAccount(
    deps.db,
    {
      email: input.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      phone,
      gender: input.gender,
      country: input.country,
      role: 'user',
    },
    deps.passwords,
    // The welcome mail: the locker number and the addresses to shop with (decision 057).
    (tx, created) => notify.welcome(deps, tx, created.id, toSessionUser(created)),
  );
  return startSession(deps, user, client);
}

/**
 * Issues a new session: an access JWT and the first refresh token of the session's family; `secondFactor` records
 * that it passed the account's second factor (decision 049).
 */
export async function startSession(deps: AppDeps, user: UserRow, client: ClientInfo, secondFactor = false) {
  const sessionId = await insertSession(deps.db, user.id, client.userAgent, client.ip);
  if (secondFactor) await markSessionVerified(deps.db, sessionId);
  return issueTokens(deps, user, sessionId, new Date());
}

/** When a session signed in at `startedAt` ends, however often it is refreshed. */
const sessionEnd = (startedAt: Date) => new Date(startedAt.getTime() + SESSION_MAX_AGE_DAYS * DAY_MS);

async function issueTokens(deps: AppDeps, user: UserRow, sessionId: number, sessionStartedAt: Date) {
  const refreshToken = randomToken();
  const idleEnd = daysFromNow(REFRESH_TOKEN_TTL_DAYS);
  const end = sessionEnd(sessionStartedAt);
  await insertRefreshToken(deps.db, sessionId, hashToken(refreshToken), idleEnd < end ? idleEnd : end);
  const token = await signAccessToken(deps.config, {
    userId: user.id,
    sessionId,
    role: toSessionUser(user).role,
    tenantId: user.tenantId,
  });
  return { success: true as const, token, refreshToken, user: toSessionUser(user) };
}

/**
 * A short wait for an email that many clients together failed to sign in to: it grows with the
 * failures past the free ones and stops at the cap, and the right password still gets in.
 */
export function signInDelayMs(emailFailures: number): number {
  const over = emailFailures - SIGNIN_SLOWDOWN.freeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGNIN_SLOWDOWN.maxMs, SIGNIN_SLOWDOWN.baseMs * 2 ** (over - 1));
}

/**
 * Sign-in limits (docs/decisions/004-auth-rate-limits.md): every attempt is counted before the
 * password is checked, in one statement per key, and a success takes its counts back. Hard limits
 * per client and per (client, email) answer 429; the email alone is only slowed down, so an
 * attacker cannot lock its owner out.
 */
export async function signIn(deps: AppDeps, input: { email: string; password: string }, client: ClientInfo) {
  const email = input.email.toLowerCase();
  const hits: CountedHit[] = [];
  hits.push(await consumeLimit(deps.db, `signin:client:${client.ip}`, SIGNIN_CLIENT_WINDOW));
  hits.push(await consumeLimit(deps.db, `signin:client-email:${client.ip}|${email}`, SIGNIN_WINDOW));
  const emailHit = await countHit(deps.db, `signin:email:${email}`, AUTH_LIMIT_WINDOW_MINUTES);
  hits.push(emailHit);
  const refundAll = () => Promise.all(hits.map((hit) => hit.refund()));

  let user: UserRow | undefined;
  let valid: boolean;
  try {
    const delay = signInDelayMs(emailHit.count);
    if (delay > 0) await sleep(delay);
    user = await findUserByEmail(deps.db, email);
    valid = user ? await deps.passwords.verify(user.passwordHash, input.password) : await deps.passwords.verifyAgainstDummy(input.password);
  } catch (err) {
    // Busy (503) or broken: no password was judged, so nothing counts against the client.
    await refundAll();
    throw err;
  }
  if (!user || !valid)
    throw new AppError(401, messages.auth.invalidCredentials, 'Unauthorized', undefined, undefined, 'INVALID_CREDENTIALS');
  await refundAll();
  // An account with a second factor gets the code step instead of the session (decision 049).
  return (await secondFactorChallenge(deps.db, user.id)) ?? startSession(deps, user, client);
}

/**
 * Rotates a refresh token. A token presented twice means it leaked: the whole session (every
 * token rotated from the same sign-in) is revoked.
 */
export async function refresh(deps: AppDeps, refreshToken: string, client: ClientInfo) {
  await consumeLimit(deps.db, `refresh:client:${client.ip}`, deps.config.rateLimits.refresh);
  const found = await findRefreshToken(deps.db, hashToken(refreshToken));
  if (!found || found.sessionRevokedAt) throw unauthorized(messages.auth.refreshTokenInvalid, 'REFRESH_TOKEN_INVALID');
  if (sessionEnd(found.sessionCreatedAt).getTime() <= Date.now()) {
    await revokeSession(deps.db, found.sessionId, 'session-max-age');
    await deps.sessions.changed({ sessionId: found.sessionId });
    throw unauthorized(messages.auth.refreshTokenInvalid, 'REFRESH_TOKEN_INVALID');
  }
  if (found.usedAt || !(await claimRefreshToken(deps.db, found.id))) {
    await revokeSession(deps.db, found.sessionId, 'refresh-token-reuse');
    await deps.sessions.changed({ sessionId: found.sessionId });
    throw unauthorized(messages.auth.refreshTokenInvalid, 'REFRESH_TOKEN_INVALID');
  }
  if (found.expiresAt.getTime() <= Date.now()) throw unauthorized(messages.auth.refreshTokenInvalid, 'REFRESH_TOKEN_INVALID');
  const user = await findUserById(deps.db, found.userId);
  if (!user) throw unauthorized(messages.auth.refreshTokenInvalid, 'REFRESH_TOKEN_INVALID');
  return issueTokens(deps, user, found.sessionId, found.sessionCreatedAt);
}

export async function logout(deps: AppDeps, sessionId: number) {
  await revokeSession(deps.db, sessionId, 'logout');
  await deps.sessions.changed({ sessionId });
}

export async function forgotPassword(deps: AppDeps, email: string, client: ClientInfo) {
  const started = Date.now();
  await consumeLimit(deps.db, `forgot:client:${client.ip}`, FORGOT_WINDOW);
  await consumeLimit(deps.db, `forgot:email:${email.toLowerCase()}`, FORGOT_WINDOW);
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

export async function resetPassword(deps: AppDeps, token: string, newPassword: string, client: ClientInfo) {
  await consumeLimit(deps.db, `reset-password:client:${client.ip}`, deps.config.rateLimits.resetPassword);
  const found = await findUsableResetToken(deps.db, hashToken(token));
  if (!found) throw badRequest(messages.auth.resetTokenInvalid, 'token', 'RESET_TOKEN_INVALID');
  const account = await findUserById(deps.db, found.userId);
  if (!account) throw badRequest(messages.auth.resetTokenInvalid, 'token', 'RESET_TOKEN_INVALID');
  assertPasswordPolicy(newPassword, toSessionUser(account).role, 'newPassword');
  const passwordHash = await deps.passwords.hash(newPassword);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, found.id))) throw badRequest(messages.auth.resetTokenInvalid, 'token', 'RESET_TOKEN_INVALID');
    await updateUser(tx, found.userId, { passwordHash });
    await revokeUserSessions(tx, found.userId, 'password-reset');
    await notify.passwordChanged(deps, tx, found.userId);
  });
  await deps.sessions.changed({ userId: found.userId });
  return { success: true as const, message: messages.auth.resetSuccess };
}

/**
 * Counts a request that checks the signed-in account's current password (a password or email
 * change) per client and per account, so a stolen access token is no way to guess the password.
 */
export async function limitCurrentPasswordChecks(deps: AppDeps, userId: number, client: ClientInfo) {
  await consumeLimit(deps.db, `password-check:client:${client.ip}`, deps.config.rateLimits.passwordChange);
  await consumeLimit(deps.db, `password-check:user:${userId}`, deps.config.rateLimits.passwordChange);
}

export async function changePassword(
  deps: AppDeps,
  userId: number,
  sessionId: number,
  currentPassword: string,
  newPassword: string,
  client: ClientInfo,
) {
  await limitCurrentPasswordChecks(deps, userId, client);
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (!(await deps.passwords.verify(user.passwordHash, currentPassword)))
    throw badRequest(messages.auth.currentPasswordWrong, 'currentPassword', 'CURRENT_PASSWORD_WRONG');
  assertPasswordPolicy(newPassword, toSessionUser(user).role, 'newPassword');
  const passwordHash = await deps.passwords.hash(newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId, 'password-change', sessionId);
    await notify.passwordChanged(deps, tx, userId);
  });
  await deps.sessions.changed({ userId });
  return { success: true as const, message: messages.auth.passwordChanged };
}
