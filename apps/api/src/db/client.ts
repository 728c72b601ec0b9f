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
import { type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from './limits.ts';
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

/**
 * The connections of one process, by what runs on them: most statements; the hot path's prepared statements,
 * planned once (decision 038); and the session lookup, on a few connections of its own so that signing a
 * request in never queues behind business queries (decision 040).
 */
const POOL_SIZES = { main: 10, plannedOnce: 10, sessions: 3 } as const;
export type PoolName = keyof typeof POOL_SIZES;

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is null). */
export function openDatabase(options: { databaseUrl?: string; dataDir: string | null; limits?: DatabaseLimits }): DatabaseHandle {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl, options.limits ?? DEFAULT_DATABASE_LIMITS);
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  return embeddedHandle(newEmbeddedClient({ dataDir }));
}

function postgresHandle(url: string, limits: DatabaseLimits): DatabaseHandle {
  const pools = {
    main: new WatchedPool(poolConfig(url, limits, POOL_SIZES.main)),
    // Every other statement keeps a plan made for its values.
    plannedOnce: new WatchedPool(poolConfig(url, limits, POOL_SIZES.plannedOnce, '-c plan_cache_mode=force_generic_plan')),
    sessions: new WatchedPool(poolConfig(url, limits, POOL_SIZES.sessions, '-c plan_cache_mode=force_generic_plan')),
  };
  const db = drizzlePg(pools.main, { schema }) as unknown as Database;
  twins.set(db, {
    plannedOnce: drizzlePg(pools.plannedOnce, { schema }) as unknown as Database,
    sessions: drizzlePg(pools.sessions, { schema }) as unknown as Database,
  });
  watchedPools.set(db, pools);
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateOnce(pools.main),
    close: async () => {
      await Promise.all(Object.values(pools).map((p) => p.end()));
    },
    listen: (channel, onMessage, onLost) => listenOnPostgres(url, channel, onMessage, onLost),
  };
}

const twins = new WeakMap<Executor, Record<Exclude<PoolName, 'main'>, Executor>>();
const watchedPools = new WeakMap<Executor, Record<PoolName, WatchedPool>>();

/**
 * The same database on the connections kept for `pool`, when `db` has them (PostgreSQL; not a transaction,
 * nor the embedded database's one connection): `db/prepared.ts` builds the hot path's statements there.
 */
export function poolTwin(db: Executor, pool: Exclude<PoolName, 'main'>): Executor | undefined {
  return twins.get(db)?.[pool];
}

/** The pools that turned a caller away (no connection within the connect timeout) lately and still have none free. */
export function saturatedPools(db: Executor, withinMs: number): PoolName[] {
  const pools = watchedPools.get(db);
  if (!pools) return [];
  return (Object.keys(pools) as PoolName[]).filter((name) => pools[name].saturated(withinMs));
}

function poolConfig(connectionString: string, limits: DatabaseLimits, max: number, options?: string): pg.PoolConfig {
  return {
    connectionString,
    max,
    options,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Sent at connection start-up: the server enforces them, whatever the statement.
    ...(limits.statementTimeoutMs > 0 ? { statement_timeout: limits.statementTimeoutMs } : {}),
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    // A peer that vanished (a failover, a cut network) is noticed without waiting for the next query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose every connection, idle or lent out, has an error listener: a connection the server drops
 * (a restart, pg_terminate_backend) fails the statement it was running, never the process (pg-pool listens
 * on idle connections only). It also remembers when a caller last gave up waiting for a connection, for the
 * readiness probe.
 */
class WatchedPool extends pg.Pool {
  private lastAcquireTimeoutAt = 0;
  private readonly size: number;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.size = config.max ?? 10;
    // Lent out, the statement it runs (or the next one) fails and says why; idle, the pool's own 'error' says it.
    this.on('connect', (client) => client.on('error', () => {}));
    this.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect((err, client, done) => {
        if (err) this.noteFailure(err);
        callback(err, client, done);
      });
      return undefined;
    }
    return super.connect().catch((err: Error) => {
      this.noteFailure(err);
      throw err;
    });
  }

  /** A caller gave up waiting for a connection within `withinMs`, and every connection is still busy. */
  saturated(withinMs: number) {
    return Date.now() - this.lastAcquireTimeoutAt < withinMs && this.idleCount === 0 && this.totalCount >= this.size;
  }

  private noteFailure(err: Error) {
    if (err.message === 'timeout exceeded when trying to connect' && this.totalCount >= this.size) this.lastAcquireTimeoutAt = Date.now();
  }
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
    // Waiting for another process's migrations, and building an index on a large table, may take longer than
    // any request should: no statement timeout on this connection, which is closed afterwards.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release(true);
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
const LISTEN_CONNECT_TIMEOUT_MS = 5000;

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
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS, keepAlive: true });
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
