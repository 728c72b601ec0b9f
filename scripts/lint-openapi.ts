/**
 * `npm run lint:openapi`: writes the API's OpenAPI document (what /docs/json serves, from
 * `app.swagger()`) to a temp file and lints it with Redocly's recommended rules, warnings counting as
 * errors (`recommended-strict`, in redocly.yaml). The app is built with a throwaway configuration: nothing listens and
 * no database is reached. Decision 014.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = mkdtempSync(path.join(tmpdir(), 'hopbox-openapi-'));
let status = 1;
try {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: workDir,
    // A pool connects on its first query, and building the app makes none.
    DATABASE_URL: 'postgres://openapi@127.0.0.1:9/none',
    PUBLIC_URL: 'https://portal.hopbox.test',
    JWT_SECRET: 'openapi-document-only-never-signs-anything',
    MAIL_WORKER_INTERVAL_MS: '0',
    SEED_DEMO: 'false',
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl as string, dataDir: null });
  const app = await buildApp({ config, db: database.db, logger: false, webDist: null });
  await app.ready();
  const file = path.join(workDir, 'openapi.json');
  writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  await database.close();
  const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
  const result = spawnSync(redocly, ['lint', '--config', path.join(root, 'redocly.yaml'), '--max-problems', '1000', file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  status = result.status ?? 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(status);
