import type { AppDeps } from '../../deps.ts';
import { daysAgo } from '../../lib/time.ts';
import { pruneExpiredChallenges } from '../auth/mfa-repository.ts';
import { pruneExpiredResetTokens } from '../auth/reset-tokens-repository.ts';
import { pruneExpiredRefreshTokens } from '../auth/sessions-repository.ts';
import { clearSentBodies } from '../notifications/outbox-repository.ts';
import { pruneExpiredQuotes } from '../pricing/held-quotes-repository.ts';
import { pruneRateLimits } from '../rate-limits/rate-limits-repository.ts';

/**
 * Trims what only grows: sent mail keeps who, what and when, but after the retention period no
 * longer its body (reset and payment links, personal details); rate-limit counters, refresh and
 * reset tokens and sign-ins waiting for a second factor go once they have expired, and price quotes once their hold is over. Every process may run it; each step is an idempotent
 * delete or update.
 */
export async function runHousekeeping(deps: Pick<AppDeps, 'db' | 'config'>) {
  const mailBodiesCleared = await clearSentBodies(deps.db, daysAgo(deps.config.mailRetentionDays));
  const rateLimitsPruned = await pruneRateLimits(deps.db);
  const tokensPruned =
    (await pruneExpiredRefreshTokens(deps.db)) + (await pruneExpiredResetTokens(deps.db)) + (await pruneExpiredChallenges(deps.db));
  const quotesPruned = await pruneExpiredQuotes(deps.db, new Date());
  return { mailBodiesCleared, rateLimitsPruned, tokensPruned, quotesPruned };
}
