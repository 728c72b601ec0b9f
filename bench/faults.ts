// Fault injection: proves that the portal keeps every write it acknowledged across database faults,
// and that the API process survives them.
//
// It builds a PRIVATE PostgreSQL cluster in a temp dir (initdb, its own port and socket dir; never the
// machine's cluster on 5432), starts the API as production does (`node --import tsx apps/api/src/server.ts`)
// on it, and lets W customers add addresses while the database is restarted (`pg_ctl restart -m fast`)
// and then killed (`pg_ctl stop -m immediate`), left down, and started again. Afterwards it reads the
// `addresses` table directly and checks that every address the API answered 201 for is there.
// Exit code 0 only when the API process survived every fault, its health answered 200 again after each
// one, and no acknowledged write is missing; otherwise 1. Everything it made is removed at the end
// (also on Ctrl-C and on errors).
//
//   node --import tsx bench/faults.ts
//
// Knobs (environment):
//   PG_BIN                           PostgreSQL binaries (default: `pg_config --bindir`, else /usr/lib/postgresql/15/bin)
//   FAULTS_PG_PORT                   port of the private cluster (default 55432, the next free one when taken)
//   FAULTS_WRITERS                   customers writing at once (default 10)
//   FAULTS_WARMUP_SECONDS            writes before the first fault (default 5)
//   FAULTS_AFTER_RESTART_SECONDS     writes after `pg_ctl restart -m fast` (default 10)
//   FAULTS_DOWN_SECONDS              writes while the database is stopped (default 5)
//   FAULTS_AFTER_START_SECONDS       writes after `pg_ctl start` (default 10)
//   FAULTS_COOLDOWN_SECONDS          writes after the last fault (default 5)
//   FAULTS_RECOVERY_TIMEOUT_SECONDS  longest wait for /api/health to answer 200 after a fault (default 60)
//   FAULTS_ERROR_PAUSE_MS            a writer's pause after a failed answer, so an outage is not a busy loop (default 100)
//
// As root, the PostgreSQL commands run as the `postgres` user (`runuser -u postgres --`): initdb refuses root.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run$ = promisify(execFile);

// ---------------------------------------------------------------------------------------------- settings

function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0, not "${text}"`);
  return value;
}

const settings = {
  writers: Math.max(1, Math.floor(envNumber('FAULTS_WRITERS', 10))),
  pgPort: Math.floor(envNumber('FAULTS_PG_PORT', 55432)),
  pgPortFixed: process.env.FAULTS_PG_PORT !== undefined,
  warmupSeconds: envNumber('FAULTS_WARMUP_SECONDS', 5),
  afterRestartSeconds: envNumber('FAULTS_AFTER_RESTART_SECONDS', 10),
  downSeconds: envNumber('FAULTS_DOWN_SECONDS', 5),
  afterStartSeconds: envNumber('FAULTS_AFTER_START_SECONDS', 10),
  cooldownSeconds: envNumber('FAULTS_COOLDOWN_SECONDS', 5),
  recoveryTimeoutMs: envNumber('FAULTS_RECOVERY_TIMEOUT_SECONDS', 60) * 1000,
  errorPauseMs: envNumber('FAULTS_ERROR_PAUSE_MS', 100),
  requestTimeoutMs: 15_000,
  startupTimeoutMs: 120_000,
};

const PASSWORD = 'Faults-pass-2468';

// ---------------------------------------------------------------------------------------------- state

/** Answers of one phase, by kind; a request counts in the phase it was sent in. */
interface Tally {
  ok: number;
  unavailable: number;
  serverError: number;
  other: number;
  network: number;
  timeout: number;
  otherStatuses: Map<number, number>;
  networkCodes: Map<string, number>;
}

interface Phase {
  name: string;
  startedAt: number;
  endedAt?: number;
  tally: Tally;
  /** The fault's command, how long it took, and how long after it /api/health answered 200 (null: never). */
  fault?: { command: string; tookMs: number; healthyAfterMs?: number | null };
  healthAtEnd?: string;
  aliveAtEnd?: boolean;
}

interface Customer {
  index: number;
  email: string;
  token: string;
  refreshToken: string;
}

interface Ack {
  id: number;
  marker: string;
  phase: string;
}

interface ApiExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  phase: string;
}

interface Run {
  root: string;
  pgBin: string;
  pgData: string;
  socketDir: string;
  pgLog: string;
  pgPort: number;
  clusterStarted: boolean;
  apiPort: number;
  apiUrl: string;
  apiLog: string;
  api?: ChildProcess;
  apiExit?: ApiExit;
  markerPrefix: string;
  phases: Phase[];
  phase: Phase;
  acks: Ack[];
  /** 2xx answers to a write that carried no id: the write cannot be checked. */
  unverifiable: number;
  reauthentications: number;
  stopWriters: boolean;
}

type Outcome = { kind: 'answer'; status: number; body: unknown } | { kind: 'timeout' } | { kind: 'network'; code: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function newTally(): Tally {
  return { ok: 0, unavailable: 0, serverError: 0, other: 0, network: 0, timeout: 0, otherStatuses: new Map(), networkCodes: new Map() };
}

function newPhase(name: string): Phase {
  return { name, startedAt: Date.now(), tally: newTally() };
}

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

function countOutcome(tally: Tally, outcome: Outcome) {
  if (outcome.kind === 'timeout') tally.timeout++;
  else if (outcome.kind === 'network') {
    tally.network++;
    bump(tally.networkCodes, outcome.code);
  } else if (outcome.status >= 200 && outcome.status < 300) tally.ok++;
  else if (outcome.status === 503) tally.unavailable++;
  else if (outcome.status === 500) tally.serverError++;
  else {
    tally.other++;
    bump(tally.otherStatuses, outcome.status);
  }
}

// ---------------------------------------------------------------------------------------------- PostgreSQL

function findPgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return '/usr/lib/postgresql/15/bin';
  }
}

const asRoot = () => process.getuid?.() === 0;

/** A PostgreSQL tool's command line, run as `postgres` when this script runs as root. */
function pgCommand(run: Run, tool: string, args: string[]): [string, string[]] {
  const file = path.join(run.pgBin, tool);
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

async function pgTool(run: Run, tool: string, args: string[]): Promise<string> {
  const [file, fullArgs] = pgCommand(run, tool, args);
  try {
    const { stdout } = await run$(file, fullArgs, { cwd: run.root, encoding: 'utf8' });
    return stdout;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${tool} ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** pg_ctl with the cluster's directory, log and server options (restart and start need them all). */
function pgCtl(run: Run, action: string, ...extra: string[]): Promise<string> {
  const options = `-p ${run.pgPort} -k ${run.socketDir} -c listen_addresses=127.0.0.1`;
  return pgTool(run, 'pg_ctl', ['-D', run.pgData, '-l', run.pgLog, '-o', options, ...extra, action]);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function choosePgPort(): Promise<number> {
  if (settings.pgPortFixed && settings.pgPort === 5432)
    throw new Error("FAULTS_PG_PORT=5432 is the machine's main cluster: choose another port");
  const tries = settings.pgPortFixed ? 1 : 50;
  for (let port = settings.pgPort; port < settings.pgPort + tries; port++) {
    if (port === 5432) continue;
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port for the private cluster at ${settings.pgPort}${tries > 1 ? `..${settings.pgPort + tries - 1}` : ''}`);
}

/** The temp dir and its layout; as root, owned by postgres so the cluster's processes can write there. */
function makeWorkDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hopbox-faults-'));
  const socketDir = path.join(root, 'socket');
  mkdirSync(socketDir);
  if (asRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
    chownSync(socketDir, uid, gid);
  }
  return root;
}

async function createCluster(run: Run) {
  await pgTool(run, 'initdb', ['-D', run.pgData, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
  await pgCtl(run, 'start', '-w');
  run.clusterStarted = true;
  const client = await connect(run, 'postgres');
  try {
    await client.query('create database hopbox');
  } finally {
    await client.end();
  }
}

async function connect(run: Run, database: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port: run.pgPort, user: 'postgres', database });
  client.on('error', () => {});
  await client.connect();
  return client;
}

// ---------------------------------------------------------------------------------------------- the API process

function freeApiPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Only what a shell gives any program; the rest is the product's own configuration. */
function inheritedEnv(): Record<string, string> {
  const names = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

function startApi(run: Run) {
  const dataDir = path.join(run.root, 'api-data');
  mkdirSync(dataDir);
  const env = {
    ...inheritedEnv(),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${run.pgPort}/hopbox`,
    NODE_ENV: 'test',
    PUBLIC_URL: run.apiUrl,
    PORT: String(run.apiPort),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(36).toString('base64url'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGNUP: '100000/1',
    TRACKING_INTERVAL_SECONDS: '0',
  };
  const log = createWriteStream(run.apiLog);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.on('exit', (code, signal) => {
    run.apiExit = { code, signal, at: Date.now(), phase: run.phase.name };
  });
  run.api = child;
}

const apiAlive = (run: Run) => run.api !== undefined && run.apiExit === undefined;

async function healthStatus(run: Run): Promise<string> {
  try {
    const res = await fetch(`${run.apiUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return String(res.status);
  } catch (err) {
    return (err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer';
  }
}

/** Milliseconds until /api/health answers 200, or null when the process died or the wait ran out. */
async function waitForHealth(run: Run, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!apiAlive(run)) return null;
    if ((await healthStatus(run)) === '200') return Date.now() - started;
    await sleep(100);
  }
  return null;
}

async function stopApi(run: Run) {
  const child = run.api;
  if (!child || run.apiExit) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

function logLines(run: Run): string[] {
  if (!existsSync(run.apiLog)) return [];
  return readFileSync(run.apiLog, 'utf8').trimEnd().split('\n');
}

const lastLogLines = (run: Run, count: number) => logLines(run).slice(-count);

/** The lines of a Node crash that say what happened (an error dump's tail is mostly its fields). */
function crashHeadlines(run: Run): string[] {
  const telling = /Unhandled|^\s*\w*Error\b|^error:|^Emitted '.*' event/;
  return logLines(run)
    .filter((line) => telling.test(line))
    .slice(-5);
}

// ---------------------------------------------------------------------------------------------- HTTP

async function send(run: Run, method: string, route: string, body?: unknown, token?: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(`${run.apiUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(settings.requestTimeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { kind: 'answer', status: res.status, body: parsed };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { kind: 'timeout' };
    const cause = (err as { cause?: { code?: string; name?: string } }).cause;
    return { kind: 'network', code: cause?.code ?? cause?.name ?? (err as Error).message };
  }
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

function describe(outcome: Outcome): string {
  if (outcome.kind === 'answer') return `HTTP ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
  return outcome.kind === 'timeout' ? 'timeout' : `network error ${outcome.code}`;
}

// ---------------------------------------------------------------------------------------------- customers

/** POST /api/sso/signup answers the user without tokens; POST /api/sso/signin issues them. */
async function signUpCustomer(run: Run, index: number): Promise<Customer> {
  const email = `${run.markerPrefix}w${index}@example.com`;
  const signUp = await send(run, 'POST', '/api/sso/signup', {
    firstName: 'Fault',
    lastName: `Writer ${index}`,
    email,
    phoneNumber: `+97150${String(1_000_000 + index).slice(-7)}`,
    gender: 'other',
    country: 'United Arab Emirates',
    password: PASSWORD,
    retypePassword: PASSWORD,
  });
  if (signUp.kind !== 'answer' || signUp.status !== 201) throw new Error(`sign-up of writer ${index}: ${describe(signUp)}`);
  const customer: Customer = { index, email, token: '', refreshToken: '' };
  if (!(await signIn(run, customer))) throw new Error(`sign-in of writer ${index} failed`);
  return customer;
}

function takeTokens(customer: Customer, outcome: Outcome): boolean {
  if (outcome.kind !== 'answer' || outcome.status !== 200) return false;
  const token = field(outcome.body, 'token');
  const refreshToken = field(outcome.body, 'refreshToken');
  if (typeof token !== 'string' || typeof refreshToken !== 'string') return false;
  customer.token = token;
  customer.refreshToken = refreshToken;
  return true;
}

async function signIn(run: Run, customer: Customer): Promise<boolean> {
  return takeTokens(customer, await send(run, 'POST', '/api/sso/signin', { email: customer.email, password: PASSWORD }));
}

/** After a 401: rotate the refresh token, or sign in again when that token is spent or lost in a fault. */
async function reauthenticate(run: Run, customer: Customer): Promise<boolean> {
  run.reauthentications++;
  if (takeTokens(customer, await send(run, 'POST', '/api/auth/refresh', { refreshToken: customer.refreshToken }))) return true;
  return signIn(run, customer);
}

// ---------------------------------------------------------------------------------------------- writers

/** The address line carries the marker, so each write can be found in the table afterwards. */
function addressBody(marker: string) {
  return { label: 'Faults', address: marker, city: 'Dubai', country: 'United Arab Emirates', postalCode: '00000' };
}

/** addresses-service.ts has no per-customer limit, so a writer only adds: every acknowledged row must stay. */
async function writerLoop(run: Run, customer: Customer) {
  let sequence = 0;
  while (!run.stopWriters) {
    const marker = `${run.markerPrefix}w${customer.index}-n${++sequence}`;
    const phase = run.phase;
    const outcome = await send(run, 'POST', '/api/user/addresses', addressBody(marker), customer.token);
    countOutcome(phase.tally, outcome);
    if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
      recordAck(run, outcome.body, marker, phase);
      continue;
    }
    if (outcome.kind === 'answer' && outcome.status === 401 && (await reauthenticate(run, customer))) continue;
    await sleep(settings.errorPauseMs);
  }
}

function recordAck(run: Run, body: unknown, marker: string, phase: Phase) {
  const data = field(body, 'data');
  const id = field(data, 'id');
  if (typeof id === 'number' && field(data, 'address') === marker) run.acks.push({ id, marker, phase: phase.name });
  else run.unverifiable++;
}

// ---------------------------------------------------------------------------------------------- phases

interface Fault {
  command: string;
  action: () => Promise<unknown>;
  /** Measure the time until /api/health answers 200 once the action is done (not while the database stays down). */
  measureRecovery: boolean;
}

/** Writers keep writing; the fault (if any) runs first, then the phase lasts `durationSeconds` more. */
async function runPhase(run: Run, name: string, durationSeconds: number, fault?: Fault) {
  const phase = newPhase(name);
  run.phases.push(phase);
  run.phase = phase;
  process.stdout.write(`  ${name}...`);
  let recovery: Promise<void> = Promise.resolve();
  if (fault) {
    const started = Date.now();
    await fault.action();
    phase.fault = { command: fault.command, tookMs: Date.now() - started };
    const record = phase.fault;
    if (fault.measureRecovery)
      recovery = waitForHealth(run, settings.recoveryTimeoutMs).then((ms) => {
        record.healthyAfterMs = ms;
      });
  }
  await sleep(durationSeconds * 1000);
  await recovery;
  phase.healthAtEnd = apiAlive(run) ? await healthStatus(run) : 'process gone';
  phase.aliveAtEnd = apiAlive(run);
  phase.endedAt = Date.now();
  process.stdout.write(` done (${seconds(phase.endedAt - phase.startedAt)})\n`);
}

async function runFaults(run: Run) {
  const s = settings;
  await runPhase(run, 'warm-up', s.warmupSeconds);
  await runPhase(run, 'restart -m fast', s.afterRestartSeconds, {
    command: 'pg_ctl restart -m fast',
    action: () => pgCtl(run, 'restart', '-m', 'fast', '-w'),
    measureRecovery: true,
  });
  await runPhase(run, 'stop -m immediate', s.downSeconds, {
    command: 'pg_ctl stop -m immediate',
    action: () => pgCtl(run, 'stop', '-m', 'immediate'),
    measureRecovery: false,
  });
  await runPhase(run, 'start after crash', s.afterStartSeconds, {
    command: 'pg_ctl start -w',
    action: () => pgCtl(run, 'start', '-w'),
    measureRecovery: true,
  });
  await runPhase(run, 'cool-down', s.cooldownSeconds);
}

// ---------------------------------------------------------------------------------------------- verification

interface Verification {
  acknowledged: number;
  found: number;
  missing: Ack[];
  unacknowledgedRows: number;
}

/** Reads the table directly: each acknowledged id must hold its marker; rows with a marker nobody was told of are counted. */
async function verify(run: Run): Promise<Verification> {
  const client = await connect(run, 'hopbox');
  let rows: { id: number; address: string }[];
  try {
    const result = await client.query<{ id: number; address: string }>('select id, address from addresses where address like $1', [
      `${run.markerPrefix}%`,
    ]);
    rows = result.rows;
  } finally {
    await client.end();
  }
  const byId = new Map(rows.map((row) => [row.id, row.address]));
  const missing = run.acks.filter((ack) => byId.get(ack.id) !== ack.marker);
  const acknowledgedIds = new Set(run.acks.map((ack) => ack.id));
  const unacknowledgedRows = rows.filter((row) => !acknowledgedIds.has(row.id)).length;
  return { acknowledged: run.acks.length, found: run.acks.length - missing.length, missing, unacknowledgedRows };
}

// ---------------------------------------------------------------------------------------------- report

function mapText(map: Map<string | number, number>): string {
  return [...map.entries()].map(([key, n]) => `${key}×${n}`).join(', ');
}

function phaseRow(phase: Phase): string {
  const t = phase.tally;
  const took = phase.endedAt ? seconds(phase.endedAt - phase.startedAt) : '-';
  let health = '-';
  if (phase.fault?.healthyAfterMs === null) health = 'never';
  else if (phase.fault?.healthyAfterMs !== undefined) health = seconds(phase.fault.healthyAfterMs);
  const cells = [
    phase.name.padEnd(18),
    took.padStart(7),
    String(t.ok).padStart(6),
    String(t.unavailable).padStart(5),
    String(t.serverError).padStart(5),
    String(t.other).padStart(5),
    String(t.network).padStart(6),
    String(t.timeout).padStart(7),
    (phase.fault ? seconds(phase.fault.tookMs) : '-').padStart(7),
    health.padStart(9),
    (phase.healthAtEnd ?? '-').padStart(12),
    phase.aliveAtEnd === undefined ? '-' : phase.aliveAtEnd ? 'alive' : 'DEAD',
  ];
  return `  ${cells.join(' ')}`;
}

function failures(run: Run, verification: Verification): string[] {
  const reasons: string[] = [];
  if (run.apiExit) reasons.push('the API process died');
  const unrecovered = run.phases.filter((p) => p.fault?.healthyAfterMs === null).map((p) => p.name);
  if (unrecovered.length > 0) reasons.push(`/api/health never answered 200 again after: ${unrecovered.join(', ')}`);
  if (verification.missing.length > 0) reasons.push(`${verification.missing.length} acknowledged write(s) missing`);
  return reasons;
}

function printReport(run: Run, verification: Verification): string[] {
  const out: string[] = [];
  out.push('', `Fault injection report (${settings.writers} writers, private PostgreSQL on 127.0.0.1:${run.pgPort}, API on ${run.apiUrl})`);
  out.push(
    '  phase                 took    2xx   503   500 other neterr timeout   fault  healthy  health@end API',
    ...run.phases.map(phaseRow),
    '  (answers count in the phase their request was sent in; "healthy" = time from the fault command finishing to GET /api/health 200)',
  );
  for (const phase of run.phases) {
    const extra = [
      phase.tally.otherStatuses.size > 0 ? `other statuses ${mapText(phase.tally.otherStatuses)}` : '',
      phase.tally.networkCodes.size > 0 ? `network errors ${mapText(phase.tally.networkCodes)}` : '',
    ].filter(Boolean);
    if (extra.length > 0) out.push(`  ${phase.name}: ${extra.join('; ')}`);
  }
  if (run.reauthentications > 0) out.push(`  re-authentications after a 401: ${run.reauthentications}`);
  if (run.unverifiable > 0) out.push(`  2xx answers without the created address (not checkable): ${run.unverifiable}`);
  out.push('');
  if (run.apiExit) {
    const phase = run.phases.find((p) => p.name === run.apiExit?.phase);
    const after = phase ? `, ${seconds(run.apiExit.at - phase.startedAt)} after the phase began` : '';
    out.push(
      `API PROCESS CRASHED during "${run.apiExit.phase}"${after}: exit code ${run.apiExit.code}${run.apiExit.signal ? `, signal ${run.apiExit.signal}` : ''}`,
      '  what the log says:',
      ...crashHeadlines(run).map((line) => `    | ${line.trim()}`),
      '  last 20 lines of its log:',
      ...lastLogLines(run, 20).map((line) => `    | ${line}`),
    );
  } else out.push('API process: survived every fault');
  out.push(
    `Writes: acknowledged ${verification.acknowledged}, found ${verification.found}, missing ${verification.missing.length}` +
      ` (rows written but not acknowledged: ${verification.unacknowledgedRows})`,
  );
  for (const ack of verification.missing.slice(0, 10)) out.push(`  missing: id ${ack.id} ${ack.marker} (acknowledged in "${ack.phase}")`);
  const reasons = failures(run, verification);
  out.push(reasons.length === 0 ? 'RESULT: PASS' : `RESULT: FAIL (${reasons.join('; ')})`, '');
  console.log(out.join('\n'));
  return reasons;
}

// ---------------------------------------------------------------------------------------------- cleanup

let cleaning: Promise<void> | undefined;

/** Kills the API, stops the cluster at once and removes the temp dir; safe to call more than once. */
function cleanup(run: Run | undefined): Promise<void> {
  cleaning ??= (async () => {
    if (!run) return;
    run.stopWriters = true;
    await stopApi(run).catch((err) => console.error(`stopping the API: ${(err as Error).message}`));
    if (run.clusterStarted) await pgCtl(run, 'stop', '-m', 'immediate').catch(() => {});
    rmSync(run.root, { recursive: true, force: true });
  })();
  return cleaning;
}

// ---------------------------------------------------------------------------------------------- main

let current: Run | undefined;

function newRun(root: string, pgPort: number, apiPort: number): Run {
  const phase = newPhase('setup');
  return {
    root,
    pgBin: findPgBin(),
    pgData: path.join(root, 'pgdata'),
    socketDir: path.join(root, 'socket'),
    pgLog: path.join(root, 'postgres.log'),
    pgPort,
    clusterStarted: false,
    apiPort,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    apiLog: path.join(root, 'api.log'),
    markerPrefix: `faults-${randomBytes(4).toString('hex')}-`,
    phases: [],
    phase,
    acks: [],
    unverifiable: 0,
    reauthentications: 0,
    stopWriters: false,
  };
}

async function main(): Promise<number> {
  const pgPort = await choosePgPort();
  const apiPort = await freeApiPort();
  const run = newRun(makeWorkDir(), pgPort, apiPort);
  current = run;
  console.log(`Private PostgreSQL cluster in ${run.root} on port ${pgPort} (${run.pgBin})`);
  await createCluster(run);
  console.log(`API: node --import tsx apps/api/src/server.ts on ${run.apiUrl}`);
  startApi(run);
  if ((await waitForHealth(run, settings.startupTimeoutMs)) === null) {
    throw new Error(
      `the API did not answer /api/health with 200 within ${seconds(settings.startupTimeoutMs)}:\n${lastLogLines(run, 20).join('\n')}`,
    );
  }
  const customers: Customer[] = [];
  for (let i = 1; i <= settings.writers; i++) customers.push(await signUpCustomer(run, i));
  console.log(`${customers.length} customers signed up; phases:`);
  const writers = customers.map((customer) => writerLoop(run, customer));
  try {
    await runFaults(run);
  } finally {
    run.stopWriters = true;
    await Promise.all(writers);
  }
  const verification = await verify(run);
  const reasons = printReport(run, verification);
  return reasons.length === 0 ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up...`);
    void cleanup(current).finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await cleanup(current);
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(`faults: ${(err as Error).stack ?? err}`);
    await cleanup(current);
    process.exit(1);
  });
