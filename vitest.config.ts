import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/api/test/**/*.test.ts'];
/** Several API processes sharing one PostgreSQL database, and its pools of connections: the embedded database has neither. */
const postgresOnly = ['apps/api/test/scale-out/**', 'apps/api/test/postgres/**'];
/** Tests that time the server (e.g. a health check beside a long render): run after the rest, on an otherwise idle machine. */
const timingTests = ['apps/api/test/**/*.timing.test.ts'];

/**
 * The API suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set. Its files
 * share each worker's loaded modules (`isolate: false`, decision 062): every file builds its own app and
 * database, so only the code is shared, and loading it once per worker instead of once per file halves the run.
 */
const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
  {
    resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
    test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/*.test.ts'] },
  },
  {
    test: {
      name: 'api-embedded',
      include: apiTests,
      exclude: [...postgresOnly, ...timingTests],
      env: { TEST_DB: 'embedded' },
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'api-timing',
      include: timingTests,
      // One file at a time: two timed files beside each other would time each other.
      fileParallelism: false,
      env: { TEST_DB: 'embedded' },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      sequence: { groupOrder: 1 },
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: apiTests,
      exclude: timingTests,
      env: { TEST_DB: 'postgres' },
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({ test: { projects, pool: 'forks' } });
