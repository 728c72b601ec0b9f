import type { RateLimitRule } from '@hopbox/contracts/constants';
import type { Executor } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { hitCounter, refundCounter } from './rate-limits-repository.ts';

/** One counted request: its count in the window, and a way to take it back. */
export interface CountedHit {
  count: number;
  refund(): Promise<void>;
}

/**
 * Counts this request against `key` and answers 429 (with Retry-After: the end of the window)
 * once the count passes the rule's limit. The count and the decision are one statement, so
 * parallel requests cannot slip past the limit.
 */
export async function consumeLimit(db: Executor, key: string, rule: RateLimitRule): Promise<CountedHit> {
  const hit = await hitCounter(db, key, rule.windowMinutes * 60_000);
  if (hit.count > rule.limit) throw tooManyRequests((hit.windowEnd.getTime() - Date.now()) / 1000);
  return { count: hit.count, refund: () => refundCounter(db, key, hit.windowStart) };
}

/** Counts this request against `key` without refusing it; the caller decides what the count means. */
export async function countHit(db: Executor, key: string, windowMinutes: number): Promise<CountedHit> {
  const hit = await hitCounter(db, key, windowMinutes * 60_000);
  return { count: hit.count, refund: () => refundCounter(db, key, hit.windowStart) };
}
