/** How long the database may keep a request waiting (decision 040): DATABASE_*_TIMEOUT_SECONDS. */
export interface DatabaseLimits {
  /** Waiting for a free connection of a pool, or for a new connection to open. */
  connectTimeoutMs: number;
  /** One statement (PostgreSQL's statement_timeout); 0 for none (bulk work such as the benchmark's fill). */
  statementTimeoutMs: number;
  /** A transaction that sits idle between statements (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 30_000,
};
