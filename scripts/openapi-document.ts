/**
 * The API's OpenAPI document, as /docs/json serves it (`app.swagger()`), built with a throwaway
 * configuration: nothing listens and no database is reached. Used by `npm run lint:openapi` and by
 * `npm run api:types`, which generates the web client's types from it (decision 018).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'hopbox-openapi-'));
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
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    await database.close();
    return document;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
