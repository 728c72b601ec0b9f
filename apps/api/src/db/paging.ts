import type { PgSelect } from 'drizzle-orm/pg-core';

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
