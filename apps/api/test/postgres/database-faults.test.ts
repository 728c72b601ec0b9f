import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isTransientDatabaseError } from '../../src/db/errors.ts';
import { addAddress, addressBody, buildTestApp, receivePackage, type TestApp } from '../helper.ts';
import { scratchPostgresDatabase } from '../scratch-database.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/**
 * Issue "Survives its database" (decision 040), on PostgreSQL only (the embedded database has one connection
 * and nobody to restart it): connections the server drops, a locked table, and the 503 the API answers.
 */

/** A connection of the test's own to the app's database: what an operator or another process would do. */
async function adminClient(t: TestApp) {
  const client = new pg.Client({ connectionString: t.config.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Ends every connection the app holds to its database (as a restart of PostgreSQL would), but the admin's own. */
async function terminateAppBackends(admin: pg.Client) {
  const { rows } = await admin.query(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.length;
}

async function waitUntil<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The app's backend that waits for a lock, once there is one. */
async function lockedBackend(admin: pg.Client) {
  return waitUntil(async () => {
    const { rows } = await admin.query(
      `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    return rows[0]?.pid as number | undefined;
  });
}

function expectDatabaseUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({
    success: false,
    error: 'Service Unavailable',
    message: 'The service is unavailable for a moment. Please try again in a few seconds.',
    code: 'DATABASE_UNAVAILABLE',
  });
}

const opened: TestApp[] = [];
const admins: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(admins.splice(0).map((a) => a.end().catch(() => {})));
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function app(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  opened.push(t);
  const admin = await adminClient(t);
  admins.push(admin);
  return { t, admin };
}

describe('a connection the server ends', () => {
  it('in the middle of a request’s transaction: that request answers 503, nothing of it is kept, the next one succeeds', async () => {
    const { t, admin } = await app();
    const me = await t.customer();
    const home = await addAddress(t, me.headers);
    // The new default address must unset the old one, whose row the admin holds: the request's transaction
    // has written its new address and then waits, mid-way, for the row.
    await admin.query('begin');
    await admin.query('select id from addresses where id = $1 for update', [home.id]);
    const pending = t.app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers: me.headers,
      payload: addressBody({ label: 'Office', isDefault: true }),
    });
    const pid = await lockedBackend(admin);
    await admin.query('select pg_terminate_backend($1)', [pid]);
    expectDatabaseUnavailable(await pending);
    await admin.query('commit');

    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers: me.headers,
      payload: addressBody({ label: 'Office', isDefault: true }),
    });
    expect(retried.statusCode).toBe(201);
    const book = (await t.app.inject({ url: '/api/user/addresses', headers: me.headers })).json().data as { label: string }[];
    expect(book.map((a) => a.label).sort()).toEqual(['Home', 'Office']);
  });

  it('lent to a transaction between two statements: the next statement fails as passing, and the process goes on', async () => {
    const { t, admin } = await app();
    const failure = await t.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // The connection is lent out and idle while the server ends it: pg-pool itself listens only on idle ones.
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isTransientDatabaseError(failure)).toBe(true);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('while the app is idle: every pooled connection ended, the next requests succeed on new ones', async () => {
    const { t, admin } = await app({ SESSION_CACHE_SECONDS: '0' });
    const me = await t.customer();
    const staff = (await t.userWithToken('staff')).headers;
    await receivePackage(t, staff, me.locker);
    // Warm every pool: the session lookup, the planned-once page and count, the main pool.
    expect((await t.app.inject({ url: '/api/user/received-packages', headers: me.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/addresses', headers: me.headers })).statusCode).toBe(200);
    expect(await terminateAppBackends(admin)).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 300));

    const list = await t.app.inject({ url: '/api/user/received-packages', headers: me.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect((await t.app.inject({ url: '/api/user/addresses', headers: me.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('a table locked by someone else', () => {
  const env = { SESSION_CACHE_SECONDS: '0', DATABASE_STATEMENT_TIMEOUT_SECONDS: '2', DATABASE_CONNECT_TIMEOUT_SECONDS: '1' };

  it('stalls only the routes that read it: they answer 503 within the statement timeout, the others at once', async () => {
    const { t, admin } = await app(env);
    const me = await t.customer();
    const other = await t.customer();
    const staff = (await t.userWithToken('staff')).headers;
    await receivePackage(t, staff, me.locker);
    await admin.query('begin');
    await admin.query('lock table packages in access exclusive mode');
    try {
      const started = Date.now();
      // More listings than the pool that serves them has connections: every one of them waits on the lock.
      const blocked = Array.from({ length: 12 }, () =>
        t.app.inject({ url: '/api/user/received-packages', headers: me.headers }).then((res) => ({ res, ms: Date.now() - started })),
      );
      await new Promise((r) => setTimeout(r, 200));

      // Another customer's session is looked up on connections of its own; their addresses never touch packages.
      const unrelatedStart = Date.now();
      const addresses = await t.app.inject({ url: '/api/user/addresses', headers: other.headers });
      const profile = await t.app.inject({ url: '/api/auth/user/profile', headers: other.headers });
      expect(addresses.statusCode).toBe(200);
      expect(profile.statusCode).toBe(200);
      expect(Date.now() - unrelatedStart).toBeLessThan(1000);

      for (const { res, ms } of await Promise.all(blocked)) {
        expectDatabaseUnavailable(res);
        // The statement timeout (2 s), or the connect timeout (1 s) for those that found no free connection.
        expect(ms).toBeLessThan(4000);
      }
    } finally {
      await admin.query('rollback');
    }
    expect((await t.app.inject({ url: '/api/user/received-packages', headers: me.headers })).json().total).toBe(1);
  });

  it('turns readiness to 503 while requests wait past the connect timeout for a connection, and back once they are served', async () => {
    const { t, admin } = await app({ ...env, DATABASE_STATEMENT_TIMEOUT_SECONDS: '4' });
    const me = await t.customer();
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    await admin.query('begin');
    await admin.query('lock table packages in access exclusive mode');
    let blocked: Promise<unknown>[] = [];
    try {
      blocked = Array.from({ length: 14 }, () => t.app.inject({ url: '/api/user/received-packages', headers: me.headers }));
      // After the connect timeout, the listings that found no connection have given up; the pool is still full.
      await new Promise((r) => setTimeout(r, 1500));
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        message: expect.stringMatching(/^Database busy/),
      });
      // Liveness is not readiness: the process and its database are fine.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await admin.query('rollback');
    }
    await Promise.all(blocked);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('the database away', () => {
  it('answers 503 with Retry-After on every route and on health, never 500, and serves again once it is back', async () => {
    // The app reaches its database through a hop the test cuts: every connection dropped, new ones refused.
    const database = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'hopbox_away');
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    try {
      const t = await buildTestApp({
        DATABASE_URL: viaProxy.toString(),
        SESSION_CACHE_SECONDS: '0',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
      });
      opened.push(t);
      const me = await t.customer();
      await proxy.down();
      expectDatabaseUnavailable(await t.app.inject({ url: '/api/user/addresses', headers: me.headers }));
      expectDatabaseUnavailable(
        await t.app.inject({
          method: 'POST',
          url: '/api/sso/signin',
          payload: { email: me.email, password: me.password, userType: 'user' },
        }),
      );
      expectDatabaseUnavailable(
        await t.app.inject({ method: 'POST', url: '/api/user/addresses', headers: me.headers, payload: addressBody() }),
      );
      expectDatabaseUnavailable(await t.app.inject({ url: '/api/health' }));
      expectDatabaseUnavailable(await t.app.inject({ url: '/api/health/ready' }));

      await proxy.up();
      expect((await t.app.inject({ url: '/api/user/addresses', headers: me.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await Promise.all(opened.splice(0).map((t) => t.close()));
      await proxy.down();
      await database.drop();
    }
  });
});
