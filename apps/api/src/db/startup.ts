import pg from 'pg';
import { sleep } from '../lib/time.ts';
import { describeDatabaseError, isTransientDatabaseError } from './errors.ts';

/** Start-up could not reach PostgreSQL: the message says where, why, and which setting to look at. */
export class DatabaseStartupError extends Error {}

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 5_000;

/** host:port/database of a connection URL: what a log line may say about it (never the user or password). */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

/**
 * Waits for PostgreSQL to answer a query, trying again with a growing pause (0.5 s, 1 s, 2 s... at most 5 s)
 * until `timeoutMs` has passed, each try bounded by `connectTimeoutMs` (a server that accepts connections but
 * never answers is a failed try, not a hang). A database that is starting up or not yet reachable is waited
 * for; one that refuses the credentials or lacks the database fails at once. Each try is one line of `log`.
 */
export async function waitForDatabase(
  url: string,
  options: { timeoutMs: number; connectTimeoutMs: number; log: (line: string) => void },
): Promise<void> {
  const address = databaseAddress(url);
  const started = Date.now();
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const remaining = options.timeoutMs - (Date.now() - started);
    const error = await tryQuery(url, Math.max(1_000, Math.min(options.connectTimeoutMs, remaining)));
    if (!error) {
      if (attempt > 1) options.log(`PostgreSQL at ${address} answered after ${seconds(Date.now() - started)}`);
      return;
    }
    const reason = describeDatabaseError(error).message;
    if (!isTransientDatabaseError(error)) {
      throw new DatabaseStartupError(`PostgreSQL at ${address} refused the connection: ${reason}. Check DATABASE_URL.`);
    }
    const elapsed = Date.now() - started;
    if (elapsed + delay > options.timeoutMs) {
      throw new DatabaseStartupError(
        `PostgreSQL at ${address} did not answer within ${seconds(options.timeoutMs)} (${attempt} tries; last: ${reason}). ` +
          'Check that it is running and that DATABASE_URL points at it, or wait longer with DATABASE_STARTUP_TIMEOUT_SECONDS.',
      );
    }
    options.log(`Waiting for PostgreSQL at ${address} (try ${attempt}, ${seconds(elapsed)} of ${seconds(options.timeoutMs)}): ${reason}`);
    await sleep(delay);
    delay = Math.min(delay * 2, LONGEST_DELAY_MS);
  }
}

async function tryQuery(url: string, timeoutMs: number): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return err;
  } finally {
    await client.end().catch(() => {});
  }
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
