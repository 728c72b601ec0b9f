import { AUTH_LIMIT_WINDOW_MINUTES } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { secondFactorMessages } from '@hopbox/contracts/second-factor-messages';
import { isRecoveryCode, isTotpCode, normalizeCode, SECOND_FACTOR } from '@hopbox/contracts/second-factor-rules';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { hashToken } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { type SecretBox, secretBox } from '../../lib/secret-box.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import type { SecondFactorChange } from '../notifications/second-factor-mail.ts';
import { type CountedHit, consumeLimit } from '../rate-limits/rate-limits-service.ts';
import { type ClientInfo, limitCurrentPasswordChecks, startSession } from './auth-service.ts';
import {
  claimChallenge,
  confirmPendingSecret,
  countChallengeAttempt,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  enrolTotpSecret,
  findTotpFactor,
  markSessionVerified,
  replaceRecoveryCodes,
  savePendingSecret,
  type TotpFactorRow,
  unusedRecoveryCodes,
  useRecoveryCode,
  useTotpStep,
} from './mfa-repository.ts';
import { matchRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { AuthUser } from './sessions-repository.ts';
import { revokeUserSessions } from './sessions-repository.ts';
import { newTotpSecret, totpCodeStep, totpUri } from './totp.ts';
import { findUserById } from './users-repository.ts';

/** The signed-in account as the second factor's routes see it. */
export interface SignedIn {
  user: AuthUser;
  sessionId: number;
}

const boxes = new WeakMap<Config, SecretBox>();
/** TOTP secrets are sealed under a key derived from JWT_SECRET for this purpose only (decision 049). */
function totpBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = secretBox(config.jwtSecret, 'totp-secret');
    boxes.set(config, box);
  }
  return box;
}

const CLIENT_WINDOW = { limit: SECOND_FACTOR.clientFailureLimit, windowMinutes: AUTH_LIMIT_WINDOW_MINUTES };
const ACCOUNT_WINDOW = { limit: SECOND_FACTOR.accountFailureLimit, windowMinutes: AUTH_LIMIT_WINDOW_MINUTES };

/**
 * Counts a code check against the client and the account before the code is judged (decision 004's rule):
 * past 30 a client, or 10 an account, in 15 minutes, the answer is 429. A right code takes its counts back.
 */
async function countCodeCheck(deps: AppDeps, userId: number, client: ClientInfo, clientHit?: CountedHit) {
  const hits = [clientHit ?? (await consumeLimit(deps.db, `mfa:client:${client.ip}`, CLIENT_WINDOW))];
  hits.push(await consumeLimit(deps.db, `mfa:user:${userId}`, ACCOUNT_WINDOW));
  return () => Promise.all(hits.map((hit) => hit.refund()));
}

const wrongCode = () => badRequest(secondFactorMessages.codeInvalid, 'code');

/** What a right code was: a TOTP code of a step, or a recovery code. */
type UsedCode = { kind: 'totp' } | { kind: 'recovery'; left: number };

/**
 * Checks a code of the account's confirmed factor and uses it up, in `db` (the caller's transaction): a TOTP
 * code of a step not used before (each step's code works once), or an unused recovery code. Null otherwise.
 */
async function useCode(db: Executor, config: Config, factor: TotpFactorRow, code: string): Promise<UsedCode | null> {
  const plain = normalizeCode(code);
  if (isTotpCode(plain) && factor.secret) {
    const step = totpCodeStep(totpBox(config).open(factor.secret), plain);
    return step !== null && (await useTotpStep(db, factor.userId, step)) ? { kind: 'totp' } : null;
  }
  if (isRecoveryCode(plain)) {
    const found = matchRecoveryCode(await unusedRecoveryCodes(db, factor.userId), plain);
    if (!found || !(await useRecoveryCode(db, found.id))) return null;
    return { kind: 'recovery', left: await countUnusedRecoveryCodes(db, factor.userId) };
  }
  return null;
}

/** Mails the account and writes its audit line, in the change's transaction. */
async function record(deps: AppDeps, tx: Executor, userId: number, change: SecondFactorChange, recoveryCodesLeft?: number) {
  const at = new Date();
  await notify.secondFactorChanged(deps, tx, userId, change, { at, recoveryCodesLeft });
  await recordAudit(tx, {
    actorId: userId,
    action: `second_factor.${change}`,
    entityType: 'user',
    entityId: userId,
    after: recoveryCodesLeft === undefined ? null : { recoveryCodesLeft },
  });
}

/** GET /api/auth/mfa: whether the factor is on, the recovery codes left, and whether this session passed it. */
export async function secondFactorStatus(deps: AppDeps, auth: SignedIn) {
  const factor = await findTotpFactor(deps.db, auth.user.id);
  const enabled = Boolean(factor?.secret);
  return {
    success: true as const,
    totp: { enabled, enabledAt: enabled && factor?.enabledAt ? factor.enabledAt.toISOString() : null },
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(deps.db, auth.user.id) : 0,
    required: auth.user.role !== 'user',
    sessionVerified: auth.user.mfaVerified,
  };
}

/**
 * Checks the password and a current code of the account's factor (with the limits of both), then runs the
 * change in the transaction that uses the code up: turning the factor off, new recovery codes, replacing it.
 */
async function withConfirmation<T>(
  deps: AppDeps,
  auth: SignedIn,
  input: { password?: string; code?: string },
  client: ClientInfo,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  const userId = auth.user.id;
  const factor = await findTotpFactor(deps.db, userId);
  if (!factor?.secret) throw conflict(secondFactorMessages.notEnabled, undefined, 'CONFLICT');
  if (!input.password) throw badRequest(messages.auth.passwordRequired, 'password');
  if (!input.code) throw badRequest(secondFactorMessages.codeRequired, 'code');
  await limitCurrentPasswordChecks(deps, userId, client);
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (!(await deps.passwords.verify(user.passwordHash, input.password)))
    throw badRequest(messages.auth.currentPasswordWrong, 'password', 'CURRENT_PASSWORD_WRONG');
  const refund = await countCodeCheck(deps, userId, client);
  const code = input.code;
  const result = await deps.db.transaction(async (tx) => {
    if (!(await useCode(tx, deps.config, factor, code))) throw wrongCode();
    return change(tx);
  });
  await refund();
  return result;
}

/**
 * POST /api/auth/mfa/totp/setup: a new secret, kept pending until a code confirms it. Replacing a factor
 * that is on needs the password and a current code, so a borrowed session cannot move the account to
 * another phone.
 */
export async function setupTotp(
  deps: AppDeps,
  auth: SignedIn,
  input: { password?: string; code?: string } | undefined,
  client: ClientInfo,
) {
  const secret = newTotpSecret();
  const sealed = totpBox(deps.config).seal(secret);
  const factor = await findTotpFactor(deps.db, auth.user.id);
  if (factor?.secret) await withConfirmation(deps, auth, input ?? {}, client, (tx) => savePendingSecret(tx, auth.user.id, sealed));
  else await savePendingSecret(deps.db, auth.user.id, sealed);
  return { success: true as const, secret, otpauthUri: totpUri(secret, auth.user.email, deps.config.brandName) };
}

/**
 * POST /api/auth/mfa/totp/enable: the first code of the pending secret turns it on (or makes it the
 * account's new authenticator) and answers ten new recovery codes, shown this once. This session has passed
 * the factor; every other session of the account, which never did, is signed out.
 */
export async function enableTotp(deps: AppDeps, auth: SignedIn, code: string, client: ClientInfo) {
  const userId = auth.user.id;
  const factor = await findTotpFactor(deps.db, userId);
  if (!factor?.pendingSecret) throw conflict(secondFactorMessages.setupRequired, undefined, 'CONFLICT');
  const refund = await countCodeCheck(deps, userId, client);
  const plain = normalizeCode(code);
  const step = isTotpCode(plain) ? totpCodeStep(totpBox(deps.config).open(factor.pendingSecret), plain) : null;
  if (step === null) throw wrongCode();
  const pending = factor.pendingSecret;
  const recoveryCodes = newRecoveryCodes();
  const change: SecondFactorChange = factor.secret ? 'replaced' : 'enabled';
  await deps.db.transaction(async (tx) => {
    if (!(await confirmPendingSecret(tx, userId, pending, step))) throw conflict(secondFactorMessages.setupRequired, undefined, 'CONFLICT');
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryCodeHash));
    await markSessionVerified(tx, auth.sessionId);
    await revokeUserSessions(tx, userId, 'second-factor-enabled', auth.sessionId);
    await record(deps, tx, userId, change);
  });
  await refund();
  await deps.sessions.changed({ userId });
  return { success: true as const, message: secondFactorMessages.enabled, recoveryCodes };
}

/**
 * POST /api/auth/mfa/verify: the sign-in's second step. The mfaToken is counted before the code is judged
 * (at most SECOND_FACTOR.codesPerMfaToken codes each), the code used up and the token claimed in one
 * transaction; then the session opens as sign-in opens it, marked as having passed the factor.
 */
export async function verifySignIn(deps: AppDeps, mfaToken: string, code: string, client: ClientInfo) {
  const clientHit = await consumeLimit(deps.db, `mfa:client:${client.ip}`, CLIENT_WINDOW);
  const challenge = await countChallengeAttempt(deps.db, hashToken(mfaToken), SECOND_FACTOR.codesPerMfaToken);
  if (!challenge) throw unauthorized(secondFactorMessages.tokenInvalid, 'MFA_TOKEN_INVALID');
  const refund = await countCodeCheck(deps, challenge.userId, client, clientHit);
  const [factor, user] = await Promise.all([findTotpFactor(deps.db, challenge.userId), findUserById(deps.db, challenge.userId)]);
  if (!factor?.secret || !user) throw unauthorized(secondFactorMessages.tokenInvalid, 'MFA_TOKEN_INVALID');
  await deps.db.transaction(async (tx) => {
    const used = await useCode(tx, deps.config, factor, code);
    if (!used) throw unauthorized(secondFactorMessages.codeInvalid, 'INVALID_CREDENTIALS');
    if (!(await claimChallenge(tx, challenge.id))) throw unauthorized(secondFactorMessages.tokenInvalid, 'MFA_TOKEN_INVALID');
    if (used.kind === 'recovery') await record(deps, tx, user.id, 'recoveryCodeUsed', used.left);
  });
  await refund();
  return startSession(deps, user, client, true);
}

/** POST /api/auth/mfa/totp/disable: customers only; the password and a current code. */
export async function disableTotp(deps: AppDeps, auth: SignedIn, input: { password: string; code: string }, client: ClientInfo) {
  if (auth.user.role !== 'user') throw new AppError(403, secondFactorMessages.mandatory, 'Forbidden', undefined, undefined, 'FORBIDDEN');
  await withConfirmation(deps, auth, input, client, async (tx) => {
    await deleteSecondFactor(tx, auth.user.id);
    await record(deps, tx, auth.user.id, 'disabled');
  });
  return { success: true as const, message: secondFactorMessages.disabled };
}

/** POST /api/auth/mfa/recovery-codes: ten new codes in place of every old one; the password and a current code. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  auth: SignedIn,
  input: { password: string; code: string },
  client: ClientInfo,
) {
  const recoveryCodes = newRecoveryCodes();
  await withConfirmation(deps, auth, input, client, async (tx) => {
    await replaceRecoveryCodes(tx, auth.user.id, recoveryCodes.map(recoveryCodeHash));
    await record(deps, tx, auth.user.id, 'recoveryCodesRegenerated', recoveryCodes.length);
  });
  return { success: true as const, message: secondFactorMessages.recoveryCodesRegenerated, recoveryCodes };
}

/**
 * Enrols a secret the caller already knows (the CLI's --totp-secret, the demo seed): on at once, with ten
 * recovery codes, which are answered for the caller to hand over.
 */
export async function enrolKnownSecret(db: Executor, config: Config, userId: number, secret: string) {
  const recoveryCodes = newRecoveryCodes();
  await enrolTotpSecret(db, userId, totpBox(config).seal(secret));
  await replaceRecoveryCodes(db, userId, recoveryCodes.map(recoveryCodeHash));
  return recoveryCodes;
}
