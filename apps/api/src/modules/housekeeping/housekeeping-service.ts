import { AUTH_LIMIT_WINDOW_MINUTES } from '@hopbox/contracts/constants';
import type { AppDeps } from '../../app.ts';
import { daysAgo } from '../../lib/time.ts';
import { pruneAttempts } from '../auth/auth-attempts-repository.ts';
import { clearSentBodies } from '../notifications/outbox-repository.ts';

/**
 * Trims what only grows: sent mail keeps who, what and when, but after the retention period no
 * longer its body (reset and payment links, personal details); rate-limit records outlive their
 * window by nothing. Every process may run it; each step is an idempotent delete or update.
 */
export async function runHousekeeping(deps: Pick<AppDeps, 'db' | 'config'>) {
  const mailBodiesCleared = await clearSentBodies(deps.db, daysAgo(deps.config.mailRetentionDays));
  await pruneAttempts(deps.db, AUTH_LIMIT_WINDOW_MINUTES);
  return { mailBodiesCleared };
}

/** Runs housekeeping now and then every `intervalMinutes` (0: only now); returns the stop function. */
export function scheduleHousekeeping(deps: AppDeps, intervalMinutes: number) {
  const run = () =>
    runHousekeeping(deps)
      .then((r) => r.mailBodiesCleared > 0 && deps.log.info(r, 'housekeeping done'))
      .catch((err) => deps.log.error({ err }, 'housekeeping failed'));
  void run();
  if (intervalMinutes === 0) return () => {};
  const timer = setInterval(run, intervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
