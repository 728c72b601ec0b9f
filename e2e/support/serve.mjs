// Starts the real server for the browser journeys on a fresh embedded database with demo data.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${process.env.E2E_PORT}`,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Journeys move shipments along their tracking themselves (Refresh tracking), never on a timer.
  TRACKING_INTERVAL_SECONDS: '0',
  // No reminder mails queued behind the journeys' backs: the API tests cover them with a set clock.
  STORAGE_REMINDER_INTERVAL_MINUTES: '0',
  // Every journey signs its customers up from this one address, more than the 20 an hour a real client gets;
  // the limit itself is proven by the API suite (test/auth/client-limits.test.ts).
  RATE_LIMIT_SIGNUP: '1000/60',
};
const start = (overrides = {}, stdio = 'inherit') =>
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', stdio, 'inherit'],
    env: { ...env, ...overrides },
  });

// The seed fills only an empty database, and the CLI needs the embedded database to itself: a first run on a
// port of its own (so the journeys never see it) seeds and prints the demo accounts, then the CLI adds an admin
// with no second factor yet, whom the enrolment journey signs in (decision 049).
// Its address and the demo accounts are info lines of the log (decision 059): this run logs at info to print them.
const seeding = start({ PORT: '0', LOG_LEVEL: 'info' }, 'pipe');
await new Promise((resolve, reject) => {
  let printed = '';
  seeding.stdout.on('data', (chunk) => {
    printed += chunk;
    if (printed.includes('Sign in at')) resolve();
  });
  seeding.on('exit', () => reject(new Error('the seeding run stopped before it seeded')));
});
seeding.kill('SIGTERM');
await new Promise((resolve) => seeding.on('exit', resolve));
const created = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'apps/api/src/cli.ts'),
    'user:create',
    '--role',
    'admin',
    '--email',
    'enrol.admin@hopbox.example',
    '--password',
    'Enrol-admin-2026',
    '--first-name',
    'Eli',
    '--last-name',
    'Enrol',
  ],
  { cwd: root, stdio: 'inherit', env },
);
if (created.status !== 0) process.exit(created.status ?? 1);
const server = start();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
