// `npm test`: every test. Typecheck, lint, the import-cycle check, the OpenAPI lint and the generated client's freshness; then Vitest (contracts, web units, the API on the embedded database and,
// with TEST_DATABASE_URL, on PostgreSQL), then the web build, its bundle budget and the Playwright journeys in Chromium.
// Ends with one line "N passed, N failed" totalling both runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/.artifacts/reports');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const missing = [];
if (!process.env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL is not set: the API suite runs on the embedded database only');
if (!existsSync(chromium)) missing.push(`Chromium not found at ${chromium}: the browser journeys cannot run (apt-get install -y chromium)`);
for (const m of missing) console.error(`${ci ? 'ERROR' : 'WARNING'}: ${m}`);
if (ci && missing.length > 0) {
  console.error('Under CI=true every prerequisite must be present.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;

let passed = 0;
let failed = 0;
/** What failed, named again just above the summary line, where a truncated log still shows it. */
const failures = [];

// Static checks first: each counts as one test, and a failure fails the run.
for (const check of ['typecheck', 'lint', 'check:cycles', 'lint:openapi', 'check:api-types']) {
  if (run('npm', ['run', '--silent', check]) === 0) passed += 1;
  else {
    console.error(`npm run ${check} failed`);
    failures.push(`npm run ${check}`);
    failed += 1;
  }
}

const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
      failures.push(`${where}: ${file.message ?? 'failed'}`);
    for (const a of file.assertionResults ?? []) if (a.status === 'failed') failures.push(`${where} › ${a.fullName}`);
  }
} else if (vitestStatus !== 0) {
  failures.push('vitest (no report)');
  failed += 1;
}

if (existsSync(chromium)) {
  const buildStatus = run('npm', ['run', 'build', '-w', 'apps/web']);
  if (buildStatus !== 0) failed += 1;
  else {
    // The bundle budget, on the build the journeys run against (counts as one test).
    if (run('node', ['scripts/bundle-budget.mjs']) === 0) passed += 1;
    else failed += 1;
    const pwReport = path.join(reports, 'playwright.json');
    const pwStatus = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
      CHROMIUM_PATH: chromium,
    });
    if (existsSync(pwReport)) {
      const s = JSON.parse(readFileSync(pwReport, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected;
      if (pwStatus !== 0 && s.unexpected === 0) failed += 1;
      failures.push(...failedJourneys(JSON.parse(readFileSync(pwReport, 'utf8'))));
    } else if (pwStatus !== 0) failed += 1;
  }
}

if (failures.length > 0) console.log(`Failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** The journeys Playwright reports as failed after their retries, as "file › title". */
function failedJourneys(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'unexpected')) out.push(`e2e/${spec.file} › ${[...titles, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}
