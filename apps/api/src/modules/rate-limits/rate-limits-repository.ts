import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/** Longer keys are stored as a hash, so an odd client address or email cannot overflow the column. */
const KEY_MAX = 200;
const storedKey = (key: string) => (key.length <= KEY_MAX ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

export interface CounterHit {
  /** The key's count in its current window, this hit included. */
  count: number;
  /** When the current window began (with the key, it names the window a refund applies to). */
  windowStart: Date;
  windowEnd: Date;
}

/**
 * Counts one hit of `key` in one statement (`INSERT ... ON CONFLICT (key) DO UPDATE ...
 * RETURNING count`), so concurrent requests on any number of API processes each see a different
 * count and a limit cannot be overrun. A key's window starts at its first hit and lasts `windowMs`;
 * the first hit after it ends starts a new one at 1.
 */
export async function hitCounter(db: Executor, key: string, windowMs: number, now = new Date()): Promise<CounterHit> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const end = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimits.expiresAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: storedKey(key), windowStart: now, count: 1, expiresAt: end })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${ended} then ${at} else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${ended} then ${end.toISOString()}::timestamptz else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart, windowEnd: rateLimits.expiresAt });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return row;
}

/** Takes one hit back, e.g. when a sign-in turned out to be the right password. */
export async function refundCounter(db: Executor, key: string, windowStart: Date) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, storedKey(key)), eq(rateLimits.windowStart, windowStart)));
}

/**
 * Deletes the counters whose window has ended; they no longer limit anything. Meant for the
 * housekeeping schedule; returns how many rows went.
 */
export async function pruneRateLimits(db: Executor, now = new Date()): Promise<number> {
  const gone = await db.delete(rateLimits).where(lte(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return gone.length;
}
