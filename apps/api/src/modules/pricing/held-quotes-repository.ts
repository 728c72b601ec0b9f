import { QUOTE_HOLD_MINUTES } from '@hopbox/contracts/price-breakdown';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { priceQuotes } from '../../db/schema.ts';

const HOLD_MS = QUOTE_HOLD_MINUTES * 60_000;

/** Keeps the price just shown for this key, replacing the one shown before. */
export async function holdQuote(db: Executor, userId: number, key: string, quote: Record<string, unknown>, at: Date) {
  await db
    .insert(priceQuotes)
    .values({ userId, quoteKey: key, quote, createdAt: at })
    .onConflictDoUpdate({
      target: [priceQuotes.userId, priceQuotes.quoteKey],
      set: { quote: sql`excluded.quote`, createdAt: sql`excluded.created_at` },
    });
}

/** The price shown for this key less than QUOTE_HOLD_MINUTES before `now`, if any. */
export async function heldQuote(db: Executor, userId: number, key: string, now: Date) {
  const [row] = await db
    .select({ quote: priceQuotes.quote, createdAt: priceQuotes.createdAt })
    .from(priceQuotes)
    .where(and(eq(priceQuotes.userId, userId), eq(priceQuotes.quoteKey, key), gt(priceQuotes.createdAt, new Date(now.getTime() - HOLD_MS))))
    .limit(1);
  return row;
}

/** Housekeeping: quotes past their hold are of no use. */
export async function pruneExpiredQuotes(db: Executor, now: Date) {
  const gone = await db
    .delete(priceQuotes)
    .where(lt(priceQuotes.createdAt, new Date(now.getTime() - HOLD_MS)))
    .returning({ id: priceQuotes.id });
  return gone.length;
}

export const holdExpiry = (createdAt: Date) => new Date(createdAt.getTime() + HOLD_MS);
