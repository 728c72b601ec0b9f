/**
 * `npm run lint:openapi`: writes the API's OpenAPI document to a temp file and lints it with
 * Redocly's recommended rules, warnings counting as errors (`recommended-strict`, in redocly.yaml).
 * Decision 014.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './openapi-document.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = mkdtempSync(path.join(tmpdir(), 'hopbox-openapi-lint-'));
let status = 1;
try {
  const file = path.join(workDir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
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
