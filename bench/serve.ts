// The product under measurement, in a process of its own (started by bench/lists.ts): production settings on the
// filled database, a session for the measured customer and one for staff, and the event loop's delay recorded so the
// bench can tell whether any request held the process. The load generator runs in the parent, not here.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { startSession } from '../apps/api/src/modules/auth/auth-service.ts';
import { hasTotpFactor } from '../apps/api/src/modules/auth/mfa-repository.ts';
import { enrolKnownSecret } from '../apps/api/src/modules/auth/mfa-service.ts';
import { newTotpSecret } from '../apps/api/src/modules/auth/totp.ts';
import { findUserByEmail } from '../apps/api/src/modules/auth/users-repository.ts';

export interface ServerReady {
  address: string;
  customerToken: string;
  customerLocker: string;
  staffToken: string;
}
export type LoopDelay = { p50: number; p99: number; max: number };

const nsToMs = (ns: number) => Math.round(ns / 1e4) / 100;

async function main() {
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
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const accountOf = async (email: string) => {
    const user = await findUserByEmail(handle.db, email);
    if (!user) throw new Error(`no account ${email}`);
    if (user.role !== 'user' && !(await hasTotpFactor(handle.db, user.id)))
      await enrolKnownSecret(handle.db, config, user.id, newTotpSecret());
    return { user, token: (await startSession(app.deps, user, { ip: '127.0.0.1' }, true)).token };
  };
  const customer = await accountOf('bench@example.com');
  const ready: ServerReady = {
    address,
    customerToken: customer.token,
    customerLocker: customer.user.lockerNumber ?? '',
    staffToken: (await accountOf('bench-staff@example.com')).token,
  };

  // Stopped by its parent or by hand (Ctrl-C): it exits itself, so a --cpu-prof run writes its profile.
  const stop = () =>
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message: string) => {
    if (message === 'reset') delay.reset();
    if (message === 'read') {
      const read: LoopDelay = { p50: nsToMs(delay.percentile(50)), p99: nsToMs(delay.percentile(99)), max: nsToMs(delay.max) };
      process.send?.({ delay: read });
    }
    if (message === 'stop') stop();
  });
  // Run by hand (no parent to tell), it prints where it listens and the two tokens, for curl or a profiler.
  if (process.send) process.send({ ready });
  else console.log(JSON.stringify(ready));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
