import { LIST_MAX_ROWS, PAGE_SIZE } from '@hopbox/contracts/constants';
import { LIST_COUNT_CAP } from '@hopbox/contracts/pages';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { queueCounts } from './schema.ts';

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

/** A warehouse queue whose size the database keeps as its rows change (migration 0037, decision 091). */
export type CountedQueue = 'open_photo_requests' | 'unidentified_packages';

/**
 * The size of a whole queue, read from the row the database keeps, in the shape `pageWithTotal` takes: one row read
 * however many thousands wait, where counting them read every index entry. Only for the whole queue: a filtered view
 * of it is counted.
 */
export function queueSize(db: Executor, queue: CountedQueue) {
  return db.select({ n: queueCounts.size }).from(queueCounts).where(eq(queueCounts.queue, queue));
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

/** A portal list's window: the page asked for, and whether one was (SPEC.md's calls ask for none). */
export interface PortalWindow {
  page: number;
  pageSize: number;
  paged: boolean;
}

/**
 * A customer list asked with `page` or `pageSize` answers that page (PAGE_SIZE rows unless told); asked with neither,
 * as SPEC.md's calls are, it answers the list from its start, up to LIST_MAX_ROWS.
 */
export function portalWindow(query: { page?: number; pageSize?: number }): PortalWindow {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  return paged ? { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE, paged } : { page: 1, pageSize: LIST_MAX_ROWS, paged };
}

/** The answer of a portal list: its page of items and the count (an unpaged answer's page size is what it holds). */
export function portalPage<T>(items: T[], total: number, window: PortalWindow) {
  return { success: true as const, data: items, total, page: window.page, pageSize: window.paged ? window.pageSize : items.length };
}

interface Statement<R> {
  execute(values: Record<string, unknown>): Promise<R[]>;
}

/**
 * A customer's list, a page at a time, from its four prepared statements: the page and its count, each with and
 * without the search `pattern`. The count rides on the page's rows (`total`); only a page past the end asks it alone.
 */
export async function customerListPage<R extends { total: number }>(
  statements: { page: Statement<R>; count: Statement<{ n: number }>; searchPage: Statement<R>; searchCount: Statement<{ n: number }> },
  userId: number,
  pattern: string | undefined,
  page: { page: number; pageSize: number },
) {
  const window = { userId, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const rows = await (pattern ? statements.searchPage.execute({ ...window, pattern }) : statements.page.execute(window));
  const total =
    rows[0]?.total ??
    (await (pattern ? statements.searchCount.execute({ userId, pattern }) : statements.count.execute({ userId })))[0]?.n ??
    0;
  return { rows, total };
}
