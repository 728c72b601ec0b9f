import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mfaChallenges, recoveryCodes, sessions, totpFactors } from '../../db/schema.ts';
import { claimSingleUseToken } from './single-use-token.ts';

export type TotpFactorRow = typeof totpFactors.$inferSelect;

export async function findTotpFactor(db: Executor, userId: number): Promise<TotpFactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row;
}

/** True when the account has a confirmed authenticator. */
export async function hasTotpFactor(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.secret)))
    .limit(1);
  return Boolean(row);
}

/** Keeps a new secret, set up but not confirmed; any confirmed one stays in use until a code confirms this one. */
export async function savePendingSecret(db: Executor, userId: number, sealed: string) {
  const now = new Date();
  await db
    .insert(totpFactors)
    .values({ userId, pendingSecret: sealed, pendingCreatedAt: now })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { pendingSecret: sealed, pendingCreatedAt: now } });
}

/**
 * Confirms the pending secret a code was checked against: it becomes the account's secret, with the code's
 * step as the last one used. False when the pending secret changed meanwhile (a second set-up).
 */
export async function confirmPendingSecret(db: Executor, userId: number, sealedPending: string, step: number) {
  const rows = await db
    .update(totpFactors)
    .set({ secret: sealedPending, enabledAt: new Date(), lastUsedStep: step, pendingSecret: null, pendingCreatedAt: null })
    .where(and(eq(totpFactors.userId, userId), eq(totpFactors.pendingSecret, sealedPending)))
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/** Enrols a known, already confirmed secret (the CLI's --totp-secret, the demo seed). */
export async function enrolTotpSecret(db: Executor, userId: number, sealed: string) {
  const now = new Date();
  await db
    .insert(totpFactors)
    .values({ userId, secret: sealed, enabledAt: now })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: sealed, enabledAt: now, lastUsedStep: null, pendingSecret: null } });
}

/** Records a step's code as used; false when that step, or a later one, was used already (a replayed code). */
export async function useTotpStep(db: Executor, userId: number, step: number) {
  const rows = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.secret),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteSecondFactor(db: Executor, userId: number) {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Replaces every recovery code of the account with new ones (their hashes). */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export function unusedRecoveryCodes(db: Executor, userId: number) {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Marks a recovery code used; false when another request used it first. */
export const useRecoveryCode = (db: Executor, id: number) => claimSingleUseToken(db, recoveryCodes, id);

export async function insertChallenge(db: Executor, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(mfaChallenges).values({ userId, tokenHash, expiresAt });
}

/**
 * Counts a code tried with the mfaToken, in one statement: answers the challenge when the token is known,
 * unused, unexpired and has attempts left, else undefined. Counted before the code is checked, so parallel
 * guesses cannot outrun the cap.
 */
export async function countChallengeAttempt(db: Executor, tokenHash: string, maxAttempts: number, now = new Date()) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: mfaChallenges.id, userId: mfaChallenges.userId });
  return row;
}

/** Uses the mfaToken up; false when another request used it first. */
export const claimChallenge = (db: Executor, id: number) => claimSingleUseToken(db, mfaChallenges, id);

/** Deletes sign-ins that waited past their expiry: they can no longer be completed. */
export async function pruneExpiredChallenges(db: Executor, now = new Date()) {
  const gone = await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now)).returning({ id: mfaChallenges.id });
  return gone.length;
}

/** Records that the session passed the second factor. */
export async function markSessionVerified(db: Executor, sessionId: number) {
  await db.update(sessions).set({ mfaVerifiedAt: new Date() }).where(eq(sessions.id, sessionId));
}
