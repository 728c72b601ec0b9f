import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` until the answered function is called. `onLost` is told when the
   * listening connection dropped (notices may have been missed); it reconnects by itself.
   */
  listen(channel: string, onMessage: (payload: string | undefined) => void, onLost: () => void): Promise<() => Promise<void>>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is null). */
export function openDatabase(options: { databaseUrl?: string; dataDir: string | null }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = newPool(options.databaseUrl);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // The hot path's prepared statements run on connections of their own that plan each statement once
    // (decision 038); every other statement keeps a plan made for its values.
    const plannedOncePool = newPool(options.databaseUrl, '-c plan_cache_mode=force_generic_plan');
    plannedOnce.set(db, drizzlePg(plannedOncePool, { schema }) as unknown as Database);
    const url = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateOnce(pool),
      close: async () => {
        await Promise.all([pool.end(), plannedOncePool.end()]);
      },
      listen: (channel, onMessage, onLost) => listenOnPostgres(url, channel, onMessage, onLost),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  return embeddedHandle(newEmbeddedClient({ dataDir }));
}

const plannedOnce = new WeakMap<Executor, Executor>();

/**
 * The same database on connections where PostgreSQL plans a prepared statement once and reuses the
 * plan (decision 038), when `db` has them: `db/prepared.ts` builds the hot path's statements there.
 */
export function plannedOnceTwin(db: Executor): Executor | undefined {
  return plannedOnce.get(db);
}

function newPool(connectionString: string, options?: string) {
  const pool = new pg.Pool({ connectionString, max: 10, options });
  // An idle connection that dies (a database restart, a failover) must not crash the process:
  // the pool drops it and opens a new one for the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  return pool;
}

/** Any number of the product's processes may migrate at once; this key lets one at a time through (decision 034). */
const MIGRATION_LOCK = 7_305_201;

/**
 * Runs the migrations holding a session advisory lock on one connection, so API processes started together
 * on one database migrate one after the other: the first applies them, the others find nothing to do.
 */
async function migrateOnce(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** An embedded PostgreSQL with the extensions the migrations create (pg_trgm for the text searches, decision 022). */
export function newEmbeddedClient(options: PGliteOptions = {}) {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

/** The handle of an embedded database (also what the tests build on their migrated copy). */
export function embeddedHandle(client: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: 'embedded',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting when it drops. */
async function listenOnPostgres(url: string, channel: string, onMessage: (payload: string | undefined) => void, onLost: () => void) {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    if (stopped) return;
    onLost();
    client = undefined;
    retry = setTimeout(() => void connect().catch(lost), RELISTEN_DELAY_MS);
    retry.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => n.channel === channel && onMessage(n.payload));
    c.on('error', () => c.end().catch(() => {}));
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    c.on('end', lost);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}
