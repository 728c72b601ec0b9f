import { type Executor, type PoolName, poolTwin } from './client.ts';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A statement of a hot path, built once per database (or transaction) and reused. Drizzle then
 * skips assembling its SQL on every call (a quarter of the list API's CPU time before, decision 020),
 * and PostgreSQL its parsing and planning: a named prepared statement on each connection, planned
 * once where the database has connections for that (decision 038). `name` must be unique to the
 * statement's text. The session lookup names the `sessions` pool, kept for it alone (decision 040).
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T, pool: Exclude<PoolName, 'main'> = 'plannedOnce'): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(poolTwin(db, pool) ?? db);
    byName.set(name, statement);
  }
  return statement;
}
