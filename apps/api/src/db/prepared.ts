import type { Executor } from './client.ts';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A statement of a hot path, built once per database (or transaction) and reused. Drizzle then
 * skips assembling its SQL on every call (a quarter of the list API's CPU time before), and
 * PostgreSQL its parsing and planning (a named prepared statement on each connection). `name` must
 * be unique to the statement's text. Decision 020.
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
