/**
 * `npm run lighthouse`: Lighthouse mobile scores (default simulated throttling) of every signed-in customer page,
 * with the demo data. Builds nothing: run `npm run build` first. It starts the product as `npm start` does, on a
 * temporary DATA_DIR (so with the demo data) and a free port (or PORT), signs the demo customer in through the
 * API, and for each run launches a new headless Chromium (CHROME_PATH, default /usr/bin/chromium) whose
 * localStorage gets the session the web app keeps, written on a same-origin JSON page so no app file is cached.
 * Prints, per page, the median of N runs (`--runs N`, default 3) of the performance score, LCP, TBT, CLS and the
 * accessibility score, and the load average at start and end. `--out DIR` keeps each run's JSON report.
 * Pages may be named to measure only them: `npm run lighthouse -- --runs 5 /dashboard /addresses`.
 * The product runs at the lowest CPU priority (`nice -n 19`): on a 2-core machine the server and its embedded
 * database, answering the page's requests, competed for the cores the browser's main thread was waiting for, and
 * Lighthouse, which times the main thread's tasks by the wall clock, charged the wait to the page (decision 089).
 * `--same-priority` runs it beside the browser as before, to compare.
 * A measurement, not a test: `npm test` does not run it. Decision 074.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { writeSession } from '../apps/web/src/lib/session.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The customer pages of issue "Speed at scale", signed in. */
const CUSTOMER_PAGES = [
  '/dashboard',
  '/received-packages',
  '/shipments-progress',
  '/sent-shipment',
  '/photo-requests',
  '/addresses',
  '/profile',
];
const DEMO_CUSTOMER = { email: 'demo@hopbox.example', password: 'demo1234' };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function parseArgs(argv: string[]) {
  let runs = 3;
  let out: string | null = null;
  let samePriority = false;
  const pages: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg === '--out') out = path.resolve(argv[++i] ?? '');
    else if (arg === '--same-priority') samePriority = true;
    else if (CUSTOMER_PAGES.includes(arg)) pages.push(arg);
    else throw new Error(`Unknown argument ${arg}: expected --runs N, --out DIR, --same-priority or one of ${CUSTOMER_PAGES.join(' ')}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
  return { runs, out, samePriority, pages: pages.length > 0 ? pages : CUSTOMER_PAGES };
}

const load = () =>
  `${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} (1, 5, 15 min; ${cpus().length} cores)`;

/** A port nothing listens on: the one asked for (refused when taken, or the run would measure whatever answers there), or any. */
function freePort(wanted = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new Error(`Port ${wanted} is in use: stop what listens there, or leave PORT unset.`)));
    server.listen(wanted, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(origin: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}); its log: ${logFile}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not answer /api/health within 120 s; its log: ${logFile}`);
}

/** The demo customer's session as the web app keeps it in localStorage: key and value pairs. */
async function signIn(origin: string): Promise<[string, string][]> {
  const response = await fetch(`${origin}/api/sso/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_CUSTOMER, userType: 'user' }),
  });
  const answered = readSignInResponse(await response.json());
  if (!response.ok || !answered) throw new Error(`The demo customer's sign-in answered ${response.status}`);
  const stored = new Map<string, string>();
  writeSession(
    { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v), removeItem: (k) => void stored.delete(k) },
    { token: answered.token, refreshToken: answered.refreshToken, user: answered.user },
  );
  return [...stored];
}

/** The browser of the run under way, stopped with the server when the measurement is interrupted. */
let running: chromeLauncher.LaunchedChrome | null = null;

/** A run Lighthouse itself could not finish (e.g. NO_NAVSTART on a busy machine): it is run again. */
class FlakyRun extends Error {}
const ATTEMPTS = 3;

/** One run, tried again when Lighthouse fails to record it. */
async function measureOnce(...args: Parameters<typeof measure>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(...args);
    } catch (error) {
      if (!(error instanceof FlakyRun) || attempt === ATTEMPTS) throw error;
      console.error(`  ${error.message}: running it again`);
    }
  }
}

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed during the run (its BenchmarkIndex): lower on a busy machine. */
  cpuIndex: number;
}

async function measure(
  origin: string,
  page: string,
  session: [string, string][],
  chromePath: string,
  out: string | null,
  n: number,
): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false });
  running = chrome;
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const tab = await browser.newPage();
    await tab.goto(`${origin}/api/health`);
    await tab.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, session);
    const result = await lighthouse(
      `${origin}${page}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      undefined,
      tab,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new FlakyRun(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A lost session would measure the sign-in page instead: refuse the run.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== page) throw new Error(`${page} ended on ${landed}: was the session refused?`);
    if (out) writeFileSync(path.join(out, `${page.slice(1)}-${n}.json`), result.report as string);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      cpuIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    running = null;
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function main() {
  const { runs, out, samePriority, pages } = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('No web build: run `npm run build` first.');
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (out) mkdirSync(out, { recursive: true });
  const port = await freePort(process.env.PORT ? Number(process.env.PORT) : 0);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-lighthouse-'));
  const logFile = path.join(dataDir, 'server.log');
  const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'));
  console.log(`Lighthouse ${version}, mobile, simulated throttling; ${runs} run(s) a page; ${chromePath}`);
  console.log(`the product's CPU priority: ${samePriority ? "the browser's (--same-priority)" : 'the lowest (nice 19)'}`);
  console.log(`load average at start: ${load()}`);

  const log = openSync(logFile, 'a');
  const serverCommand = [process.execPath, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const [command, ...args] = samePriority ? serverCommand : ['nice', '-n', '19', ...serverCommand];
  const server = spawn(command as string, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'data') },
    stdio: ['ignore', log, log],
  });
  // Stopped early (Ctrl-C), the server stops too rather than keep the port and the data folder.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running?.kill();
      server.kill('SIGTERM');
      process.exit(130);
    });
  }
  let failed = false;
  try {
    await waitForHealth(origin, server, logFile);
    console.log(`the product with the demo data on ${origin}`);
    console.log('page                  perf (runs)         LCP      TBT      CLS    a11y  CPU index');
    for (const page of pages) {
      const session = await signIn(origin);
      const results: Run[] = [];
      for (let n = 1; n <= runs; n++) results.push(await measureOnce(origin, page, session, chromePath, out, n));
      const pick = (key: keyof Run) => median(results.map((r) => r[key]));
      const scores = results.map((r) => r.performance).join(', ');
      console.log(
        [
          page.padEnd(21),
          `${pick('performance')} (${scores})`.padEnd(19),
          `${(pick('lcpMs') / 1000).toFixed(1)} s`.padStart(6),
          `${Math.round(pick('tbtMs'))} ms`.padStart(8),
          pick('cls').toFixed(3).padStart(8),
          String(pick('accessibility')).padStart(7),
          String(Math.round(pick('cpuIndex'))).padStart(10),
        ].join(' '),
      );
    }
    console.log(
      "(each column the median of the runs; LCP, TBT and CLS as Lighthouse simulates them; CPU index is Lighthouse's benchmark of the machine during the run, lower when it is busy)",
    );
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    console.log(`load average at end: ${load()}`);
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (!failed) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`the server's log and data are kept in ${dataDir}`);
  }
  process.exit(failed ? 1 : 0);
}

await main();
