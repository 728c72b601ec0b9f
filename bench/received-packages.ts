// Load test of one page of the received-packages list, on a database the size of a real business:
// 1,000,000 packages on PostgreSQL (BENCH_DATABASE_URL), 100,000 on the embedded database, with
// 5,000 in the measured customer's locker. Prints requests per second and p99 latency.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countryName } from '@hopbox/contracts/countries';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createAccount } from '../apps/api/src/modules/auth/auth-service.ts';
import { scratchPostgresDatabase } from '../apps/api/test/scratch-database.ts';

const baseUrl = process.env.BENCH_DATABASE_URL;
const TOTAL = Number(process.env.BENCH_PACKAGES ?? (baseUrl ? 1_000_000 : 100_000));
const MINE = 5_000;
const OTHERS = 200;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function freshDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (!baseUrl) return { drop: async () => {} };
  return scratchPostgresDatabase(baseUrl, 'hopbox_bench');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-bench-'));
  const database = await freshDatabase();
  // Production settings, as the portal runs (answers written without the shape check tests make).
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  // Filling a million rows in batches takes longer than any request may: no statement timeout here.
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: null,
    limits: { ...config.databaseLimits, statementTimeoutMs: 0 },
  });
  await handle.migrate();
  const db = handle.db;

  console.log(`Filling ${handle.kind} database: ${TOTAL.toLocaleString()} packages, ${MINE.toLocaleString()} in the measured locker...`);
  const started = Date.now();
  const me = await createAccount(db, {
    role: 'user',
    email: 'bench@example.com',
    password: 'bench1234',
    firstName: 'Bench',
    lastName: 'Mark',
  });
  await db.execute(sql`
    insert into users (tenant_id, role, email, password_hash, first_name, last_name, locker_number)
    select ${me.tenantId}::int, 'user', 'other' || g || '@example.com', ${me.passwordHash}::text, 'Other', 'Customer' || g, 'HBO' || g
    from generate_series(1, ${sql.raw(String(OTHERS))}) g`);
  const origins = ['US', 'CN', 'GB'].map((code) => countryName(code) ?? code);
  const batch = 100_000;
  for (let from = 1; from <= TOTAL; from += batch) {
    const to = Math.min(TOTAL, from + batch - 1);
    await db.execute(sql`
      insert into packages (hopbox_id, user_id, locker_number, shipper, package_content, origin, external_tracking_number,
                            received_date, package_weight, package_length, package_breadth, package_height)
      select 'HBX' || nextval('hopbox_id_seq'),
             case when g <= ${sql.raw(String(MINE))} then ${me.id}::int else (select min(id) from users where role = 'user' and id <> ${me.id}::int) + (g % ${sql.raw(String(OTHERS))}) end,
             case when g <= ${sql.raw(String(MINE))} then ${me.lockerNumber}::text else 'HBO' || (1 + g % ${sql.raw(String(OTHERS))}) end,
             'Shipper ' || (g % 97), 'Content ' || (g % 89),
             (array[${origins[0]}::text, ${origins[1]}::text, ${origins[2]}::text])[1 + g % 3],
             'TRK' || g, now() - (g || ' minutes')::interval, 1.5, 30, 20, 10
      from generate_series(${sql.raw(String(from))}, ${sql.raw(String(to))}) g`);
  }
  await db.execute(sql`analyze`);
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  const app = await buildApp({ config, db, logger: false, webDist: null });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/sso/signin',
    payload: { email: 'bench@example.com', password: 'bench1234' },
  });
  const token = signIn.json().token as string;

  for (const [label, query] of [
    ['first page', 'page=1&pageSize=10'],
    ['page 250 of 500', 'page=250&pageSize=10'],
    ['search', 'page=1&pageSize=10&q=content%2012'],
  ] as const) {
    const result = await autocannon({
      url: `${address}/api/user/received-packages?${query}`,
      headers: { authorization: `Bearer ${token}` },
      connections: 10,
      duration: DURATION,
    });
    console.log(
      `${label.padEnd(16)} ${Math.round(result.requests.average).toString().padStart(6)} req/s   p99 ${result.latency.p99} ms   (${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
  await app.close();
  await handle.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
