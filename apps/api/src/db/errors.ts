/**
 * Which database failures pass: the database restarted, a connection dropped, no connection was free in
 * time, a statement ran past its timeout, two transactions collided. The same request or job round is
 * worth trying again a moment later, so the API answers 503 with Retry-After and the jobs try again on
 * their next round (decision 040). Anything else (a constraint, a bug) is not retried.
 */

/** SQLSTATEs of failures that a later try may not meet. */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown: the server is restarting, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** What node-postgres and its pool say when a connection is lost, never made or not handed out in time. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Query read timeout$/,
];

/** The error and what it wraps (Drizzle wraps the driver's error as `cause`; a failed connect may be an AggregateError). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as Record<string, unknown>;
    yield e;
    if (Array.isArray(e.errors))
      for (const inner of e.errors) if (inner && typeof inner === 'object') yield inner as Record<string, unknown>;
    current = e.cause;
  }
}

function isTransientLink(e: Record<string, unknown>): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when the database was unreachable, busy or restarting: the same work may succeed a moment later. */
export function isTransientDatabaseError(err: unknown): boolean {
  for (const link of chain(err)) if (isTransientLink(link)) return true;
  return false;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The failure in one line for a log or an admin: the driver's code and message (a passing failure's, else any
 * the server reported), never the statement's parameters (Drizzle's own message carries them, and they may be
 * tokens or personal details); otherwise the first line of the error's message, never its stack.
 */
export function describeDatabaseError(err: unknown): { code?: string; message: string } {
  const links = [...chain(err)];
  const link = links.find(isTransientLink) ?? links.find((l) => typeof l.code === 'string' && SQLSTATE.test(l.code));
  if (link) return { ...(typeof link.code === 'string' ? { code: link.code } : {}), message: String(link.message ?? 'unknown') };
  return { message: err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err) };
}

/** True for Postgres's unique violation (of `constraint` when named), so a race on a unique value becomes a 409, not a 500. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  return !constraint || (e as { constraint?: string }).constraint === constraint || String((e as Error).message).includes(constraint);
}
