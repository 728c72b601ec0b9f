import { LIST_COUNT_CAP } from '@hopbox/contracts/pages';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * One page of a list and the count of the whole list, read at once. `list` is the list's query in its order, made
 * dynamic (`.$dynamic()`) so the page can be cut from it here; `counted` counts the same rows (`{ n: count() }`).
 */
export async function pageWithTotal<Q extends PgSelect>(
  list: Q,
  counted: PromiseLike<{ n: number }[]>,
  page: { page: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([list.limit(page.pageSize).offset((page.page - 1) * page.pageSize), counted]);
  return { rows: rows as Awaited<Q>, total: total?.n ?? 0 };
}

/**
 * How many rows of `table` match, counted up to LIST_COUNT_CAP and no further: the database stops reading at the
 * cap's next row, so a list of millions is counted in the time of ten thousand index entries. Past the cap the answer
 * is the cap, marked capped.
 */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined) {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [counted] = await db.select({ n: count() }).from(matching);
  const n = counted?.n ?? 0;
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/** One page of a list that can grow with the business, and its count up to LIST_COUNT_CAP (cappedCount), read at once. */
export async function pageWithCappedTotal<Q extends PgSelect>(
  list: Q,
  counted: { db: Executor; table: PgTable; where: SQL | undefined },
  page: { page: number; pageSize: number },
) {
  const [rows, count] = await Promise.all([
    list.limit(page.pageSize).offset((page.page - 1) * page.pageSize),
    cappedCount(counted.db, counted.table, counted.where),
  ]);
  return { rows: rows as Awaited<Q>, ...count };
}
