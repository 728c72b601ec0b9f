import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNIN_FAILURE_LIMIT } from '@hopbox/contracts/constants';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { receiveBody, signUpBody, testImage } from '../helper.ts';
import { runCli } from '../run-cli.ts';
import { scratchPostgresDatabase } from '../scratch-database.ts';
import { BUCKET, KEYS, startS3Server } from '../storage/s3-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JWT_SECRET = 'two-processes-share-this-signing-secret-of-48-chars';
const STAFF = { email: 'dock.worker@example.com', password: 'Warehouse-key-42' };
/** The staff account's authenticator, enrolled by the CLI (staff sign in through a second factor, decision 049). */
const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Process {
  url: string;
  dataDir: string;
  child: ChildProcess;
}

/** `node apps/api/src/server.ts`, as `npm start` runs it in production, on the shared database and bucket. */
async function startProcess(env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, dataDir, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API process did not start');
}

const json = async (url: string, init: RequestInit & { body?: string } = {}) => {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers' fields it checks
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Issue "Scale-out" (decision 034): two API processes behind a load balancer share one PostgreSQL database
 * and one bucket. Only the api-postgres project runs this file (vitest.config.ts; CI sets TEST_DATABASE_URL):
 * the embedded database is one process's by design.
 */
describe('two API processes on one database and one bucket', () => {
  let database: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
  let bucket: Awaited<ReturnType<typeof startS3Server>>;
  let a: Process;
  let b: Process;
  let customer: { email: string; password: string };
  let staffToken: string;

  beforeAll(async () => {
    database = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'hopbox_two');
    bucket = await startS3Server();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      JWT_SECRET,
      PUBLIC_URL: 'http://127.0.0.1:9',
      SEED_DEMO: 'false',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: bucket.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      ...KEYS,
      MAIL_WORKER_INTERVAL_MS: '100',
      RECONCILE_INTERVAL_SECONDS: '1',
      RECONCILE_MIN_AGE_SECONDS: '0',
    };
    // Started together on an empty database: both migrate, one at a time.
    [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
    const created = await runCli(
      [
        'user:create',
        '--role',
        'staff',
        '--email',
        STAFF.email,
        '--password',
        STAFF.password,
        '--first-name',
        'Dock',
        '--last-name',
        'Worker',
        '--totp-secret',
        STAFF_TOTP_SECRET,
      ],
      { DATA_DIR: a.dataDir, DATABASE_URL: database.url, JWT_SECRET },
    );
    expect(created.code, created.stderr).toBe(0);
    const { mfaToken } = (await json(`${a.url}/api/sso/signin`, { method: 'POST', body: JSON.stringify(STAFF) })).body;
    const code = totpCode(STAFF_TOTP_SECRET);
    staffToken = (await json(`${b.url}/api/auth/mfa/verify`, { method: 'POST', body: JSON.stringify({ mfaToken, code }) })).body.token;
    const signup = signUpBody();
    expect((await json(`${b.url}/api/sso/signup`, { method: 'POST', body: JSON.stringify(signup) })).status).toBe(201);
    customer = { email: signup.email, password: signup.password };
  }, 180_000);

  afterAll(async () => {
    for (const p of [a, b]) p?.child.kill('SIGTERM');
    await Promise.all([a, b].map((p) => p && new Promise((r) => (p.child.exitCode === null ? p.child.once('exit', r) : r(null)))));
    await bucket?.close();
    await database?.drop();
  });

  const signIn = async (node: Process) =>
    (await json(`${node.url}/api/sso/signin`, { method: 'POST', body: JSON.stringify(customer) })).body as {
      token: string;
      refreshToken: string;
      user: { id: number; lockerNumber: string };
    };

  it('migrated the empty database once, though both started together', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const migrations = readdirSync(path.join(repoRoot, 'apps/api/drizzle')).filter((f) => f.endsWith('.sql'));
      expect(rows[0].n).toBe(migrations.length);
    } finally {
      await client.end();
    }
  });

  it('serves through one process a photo uploaded through the other, byte for byte', async () => {
    const me = await signIn(b);
    const photo = await testImage('jpeg', { width: 320, height: 240 });
    const form = new FormData();
    form.append('package', JSON.stringify(receiveBody(me.user.lockerNumber)));
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'box.jpg');
    const received = await fetch(`${a.url}/api/staff/packages/with-photos`, { method: 'POST', headers: bearer(staffToken), body: form });
    expect(received.status, await received.clone().text()).toBe(201);
    const pkg = ((await received.json()) as { data: { id: number } }).data;
    const details = await json(`${b.url}/api/user/received-packages/${pkg.id}`, { headers: bearer(me.token) });
    const fileUrl = details.body.data.receiptPhotos[0].fileUrl as string;
    const download = await fetch(`${b.url}${fileUrl}`, { headers: bearer(me.token) });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('refreshes on one process a session started on the other, and a sign-out on one ends it on both', async () => {
    const session = await signIn(a);
    const refreshed = await json(`${b.url}/api/auth/refresh`, {
      method: 'POST',
      body: JSON.stringify({ refreshToken: session.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.token as string;
    expect((await json(`${a.url}/api/user/dashboard`, { headers: bearer(token) })).status).toBe(200);
    expect((await json(`${b.url}/api/auth/logout`, { method: 'POST', headers: bearer(token) })).status).toBe(200);
    // The other process hears it through PostgreSQL NOTIFY (decision 021), well within its cache time.
    let status = 200;
    for (let i = 0; i < 20 && status === 200; i++) {
      status = (await json(`${a.url}/api/user/dashboard`, { headers: bearer(token) })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
  });

  it('sends each queued mail once while both mail workers run', async () => {
    const subject = /^Subject: .*password/im;
    const res = await json(`${a.url}/api/auth/user/forgot-password`, { method: 'POST', body: JSON.stringify({ email: customer.email }) });
    expect(res.status).toBe(200);
    const mailsTo = () =>
      [a, b].flatMap((p) => {
        const dir = path.join(p.dataDir, 'outbox');
        let files: string[] = [];
        try {
          files = readdirSync(dir);
        } catch {}
        return files
          .map((f) => readFileSync(path.join(dir, f), 'utf8'))
          .filter((m) => m.includes(`To: ${customer.email}`) && subject.test(m));
      });
    for (let i = 0; i < 50 && mailsTo().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    // Both workers poll every 100 ms: given a second more, a double send would show.
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo()).toHaveLength(1);
  });

  /** A package received for the customer and paid by card in the sandbox, not yet checked by anyone: its order reference. */
  async function paidSinglePackage(me: { token: string; user: { lockerNumber: string } }) {
    const received = await json(`${a.url}/api/staff/packages`, {
      method: 'POST',
      headers: bearer(staffToken),
      body: JSON.stringify(receiveBody(me.user.lockerNumber)),
    });
    const pkg = received.body.data as { hopboxId: string };
    const address = await json(`${b.url}/api/user/addresses`, {
      method: 'POST',
      headers: bearer(me.token),
      body: JSON.stringify({ label: 'Home', address: '1 Palm Street', city: 'Dubai', country: 'United Arab Emirates' }),
    });
    const price = await json(`${a.url}/api/user/shipments/calculate-shipping-price`, {
      method: 'POST',
      headers: bearer(me.token),
      body: JSON.stringify({ packages: [pkg.hopboxId], destination: 'United Arab Emirates' }),
    });
    const link = await json(`${a.url}/api/user/shipment-payment/generate`, {
      method: 'POST',
      headers: bearer(me.token),
      body: JSON.stringify({
        shipmentId: `TEMP_${Date.now()}`,
        amount: (price.body.price as number).toFixed(2),
        currency: 'AED',
        packages: [pkg.hopboxId],
        addressId: address.body.data.id,
      }),
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const orderRef = link.body.orderRef as string;
    const paid = await fetch(`${b.url}/payments/sandbox/${orderRef}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    return orderRef;
  }

  const sql = async (text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  it('finalizes a captured payment once when both processes settle it at the same moment', async () => {
    const me = await signIn(b);
    const orderRef = await paidSinglePackage(me);
    const checks = await Promise.all(
      [a, b, a, b].map((p) =>
        json(`${p.url}/api/user/shipment-payment/check`, { method: 'POST', headers: bearer(me.token), body: JSON.stringify({ orderRef }) }),
      ),
    );
    const shipmentIds = new Set(checks.map((c) => c.body.shipmentId));
    expect(checks.every((c) => c.body.captured === 1)).toBe(true);
    expect(shipmentIds.size).toBe(1);
    expect((await sql('select count(*)::int as n from shipments where payment_reference = $1', [orderRef]))[0].n).toBe(1);
  });

  it('finalizes a payment the customer never came back for once, while both processes run their reconciliation schedule', async () => {
    const me = await signIn(a);
    const orderRef = await paidSinglePackage(me);
    let finalized = false;
    for (let i = 0; i < 100 && !finalized; i++) {
      finalized = (await sql('select finalized_at from payments where order_ref = $1', [orderRef]))[0]?.finalized_at !== null;
      if (!finalized) await new Promise((r) => setTimeout(r, 100));
    }
    expect(finalized).toBe(true);
    // Each schedule runs every second: two more rounds on both processes change nothing.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await sql('select count(*)::int as n from shipments where payment_reference = $1', [orderRef]))[0].n).toBe(1);
    // One receipt, naming this payment's reference.
    const receipts = await sql(
      "select count(*)::int as n from outbox_messages where kind = 'shipmentPaid' and text_body like '%' || $1 || '%'",
      [orderRef],
    );
    expect(receipts[0].n).toBe(1);
  }, 30_000);

  it('counts failed sign-ins across both processes', async () => {
    const wrong = JSON.stringify({ email: customer.email, password: 'not-the-password-1' });
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_FAILURE_LIMIT + 1; i++) {
      statuses.push((await json(`${(i % 2 === 0 ? a : b).url}/api/sso/signin`, { method: 'POST', body: wrong })).status);
    }
    expect(statuses.slice(0, SIGNIN_FAILURE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[SIGNIN_FAILURE_LIMIT]).toBe(429);
  }, 60_000);
});
