// Starts the real server for the browser journeys on a fresh embedded database with demo data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
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
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
