import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { mfaChallenges, passwordResetTokens, recoveryCodes, refreshTokens } from '../../db/schema.ts';

/**
 * Marks a single-use token (or recovery code) used. The update itself is the claim: of two requests presenting the same
 * token at once, only the first finds `used_at` empty, so only it gets true.
 */
export async function claimSingleUseToken(
  db: Executor,
  table: typeof refreshTokens | typeof passwordResetTokens | typeof recoveryCodes | typeof mfaChallenges,
  id: number,
) {
  const rows = await db
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(eq(table.id, id), isNull(table.usedAt)))
    .returning({ id: table.id });
  return rows.length === 1;
}
