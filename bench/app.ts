// The product as the bench runs it: production settings on the bench's database (BENCH_DATABASE, or the embedded
// one in BENCH_DATA_DIR), and a session each for the measured customer and for staff.
import { buildApp } from '../apps/api/src/app.ts';
import { type Config, loadConfig } from '../apps/api/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.ts';
import { startSession } from '../apps/api/src/modules/auth/auth-service.ts';
import { hasTotpFactor } from '../apps/api/src/modules/auth/mfa-repository.ts';
import { enrolKnownSecret } from '../apps/api/src/modules/auth/mfa-service.ts';
import { newTotpSecret } from '../apps/api/src/modules/auth/totp.ts';
import { findUserByEmail } from '../apps/api/src/modules/auth/users-repository.ts';

export async function benchApp() {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    RECONCILE_INTERVAL_SECONDS: '0',
    ...(process.env.BENCH_DATABASE ? { DATABASE_URL: process.env.BENCH_DATABASE } : {}),
  });
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: config.databaseLimits });
  const app = await buildApp({ config, db: handle.db, logger: false, webDist: null });
  return { config, handle, app };
}

/** Signed-in sessions of the bench's customer (bench@example.com) and staff member, the second factor passed. */
export async function benchSessions(app: Awaited<ReturnType<typeof buildApp>>, handle: DatabaseHandle, config: Config) {
  const accountOf = async (email: string) => {
    const user = await findUserByEmail(handle.db, email);
    if (!user) throw new Error(`no account ${email}`);
    if (user.role !== 'user' && !(await hasTotpFactor(handle.db, user.id)))
      await enrolKnownSecret(handle.db, config, user.id, newTotpSecret());
    return { user, token: (await startSession(app.deps, user, { ip: '127.0.0.1' }, true)).token };
  };
  const customer = await accountOf('bench@example.com');
  return {
    customerToken: customer.token,
    customerLocker: customer.user.lockerNumber ?? '',
    staffToken: (await accountOf('bench-staff@example.com')).token,
  };
}
