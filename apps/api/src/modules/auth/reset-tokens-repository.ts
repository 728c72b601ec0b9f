import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';
import { claimSingleUseToken } from './single-use-token.ts';

export async function insertResetToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** The unexpired, unused token's user id, or undefined. */
export async function findUsableResetToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())),
    )
    .limit(1);
  return row;
}

/** A new reset link makes the user's older ones useless. */
export async function invalidateUserResetTokens(db: Executor, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Deletes reset tokens past their expiry, used or not. */
export async function pruneExpiredResetTokens(db: Executor, now = new Date()) {
  const gone = await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).returning({ id: passwordResetTokens.id });
  return gone.length;
}

/** Single use: only the first caller gets true. */
export const consumeResetToken = (db: Executor, id: number) => claimSingleUseToken(db, passwordResetTokens, id);
