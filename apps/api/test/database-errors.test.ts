import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isTransientDatabaseError } from '../src/db/errors.ts';

/** A driver error as node-postgres makes it: a message and, from the server, a SQLSTATE. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** As Drizzle throws it: its own message with the statement and its parameters, the driver's error as `cause`. */
const wrapped = (cause: Error) =>
  new DrizzleQueryError('update users set password_hash = $1 where id = $2', ['$argon2id$secret-hash', 7], cause);

/** Decision 040: which failures the API answers 503 for and the jobs try again, and what a log line says of them. */
describe('passing database failures', () => {
  it.each([
    ['a restart or pg_terminate_backend', pgError('terminating connection due to administrator command', '57P01')],
    ['a statement past statement_timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['a transaction idle past its timeout', pgError('terminating connection due to idle-in-transaction timeout', '25P03')],
    ['a serialization failure', pgError('could not serialize access due to concurrent update', '40001')],
    ['a deadlock', pgError('deadlock detected', '40P01')],
    ['a server starting up', pgError('the database system is starting up', '57P03')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['a connection exception', pgError('connection failure', '08006')],
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection that dropped', pgError('Connection terminated unexpectedly')],
    ['no free connection in time', pgError('timeout exceeded when trying to connect')],
    ['a connection that never opened in time', pgError('timeout expired')],
    ['a client already broken', pgError('Client has encountered a connection error and is not queryable')],
  ])('%s is passing, also wrapped by Drizzle', (_, err) => {
    expect(isTransientDatabaseError(err)).toBe(true);
    expect(isTransientDatabaseError(wrapped(err))).toBe(true);
  });

  it('finds a refused connection inside an AggregateError (both addresses of localhost refused)', () => {
    const err = new AggregateError([
      pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    ]);
    expect(isTransientDatabaseError(err)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint "users_email_unique"', '23505')],
    ['a check violation', pgError('new row violates check constraint', '23514')],
    ['a syntax error (a bug)', pgError('syntax error at or near "form"', '42601')],
    ['wrong credentials', pgError('password authentication failed for user "hopbox"', '28P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s is not', (_, err) => {
    expect(isTransientDatabaseError(err)).toBe(false);
    if (err) expect(isTransientDatabaseError(wrapped(err))).toBe(false);
  });

  it('describes a failure by the driver’s code and message, never the statement’s parameters', () => {
    const described = describeDatabaseError(wrapped(pgError('canceling statement due to statement timeout', '57014')));
    expect(described).toEqual({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(JSON.stringify(describeDatabaseError(wrapped(pgError('duplicate key', '23505'))))).not.toContain('secret-hash');
  });
});
