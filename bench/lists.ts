// `npm run bench -- --packages 10000000`: every list and summary a customer or the warehouse opens, measured on a
// database the size of a real business (bench/fill.ts), one client at a time and then under 50 connections, with the
// product's event-loop delay read during each. PostgreSQL when BENCH_DATABASE_URL is set (a database of its own is
// made beside the one named, and kept with --keep so a second run skips the fill), the embedded database otherwise.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEFAULT_DATABASE_LIMITS } from '../apps/api/src/db/limits.ts';
import { createAccount } from '../apps/api/src/modules/auth/auth-service.ts';
import { type Endpoint, LISTS } from './endpoints.ts';
import { fill, filledIndexesQuery, shapeOf } from './fill.ts';
import type { LoopDelay, ServerReady } from './serve.ts';

const { values: args } = parseArgs({
  options: {
    packages: { type: 'string' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '200' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const baseUrl = process.env.BENCH_DATABASE_URL;
const PACKAGES = Number(args.packages ?? (baseUrl ? 1_000_000 : 100_000));
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const REQUESTS = Number(args.requests);
const shape = shapeOf(PACKAGES);

const ENDPOINTS = LISTS.filter((e) => !args.only || e.label.toLowerCase().includes(args.only.toLowerCase()));

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.log(line);

/** A database of the bench's own: PostgreSQL's kept one when it holds this fill, otherwise a new one. */
async function database(): Promise<{ url?: string; dataDir?: string; reused: boolean; drop: () => Promise<void> }> {
  if (!baseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-bench-db-'));
    return { dataDir, reused: false, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `hopbox_bench_${shape.packages}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  let reused = false;
  if (exists) {
    const probe = new pg.Client({ connectionString: url.toString() });
    await probe.connect();
    reused = (await probe.query(`select 1 from pg_tables where tablename = 'bench_filled'`)).rowCount === 1;
    await probe.end();
  }
  if (!reused) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const drop = async () => {
    const again = new pg.Client({ connectionString: baseUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
  return { url: url.toString(), reused, drop };
}

async function fillDatabase(target: { url?: string; dataDir?: string }) {
  const handle = openDatabase({
    databaseUrl: target.url,
    dataDir: target.dataDir ?? null,
    limits: { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 0 },
  });
  await handle.migrate();
  const me = await createAccount(handle.db, {
    role: 'user',
    email: 'bench@example.com',
    password: 'bench1234',
    firstName: 'Bench',
    lastName: 'Mark',
  });
  await createAccount(handle.db, {
    role: 'staff',
    email: 'bench-staff@example.com',
    password: 'bench1234',
    firstName: 'Bench',
    lastName: 'Staff',
  });
  const started = Date.now();
  log(`Filling the ${handle.kind} database: ${shape.packages.toLocaleString()} packages, ${shape.customers.toLocaleString()} customers...`);
  const measured = { id: me.id, lockerNumber: me.lockerNumber ?? '', tenantId: me.tenantId, passwordHash: me.passwordHash };
  if (target.url) {
    // One connection, with no statement timeout: its session settings hold for the whole fill.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const run = async (statement: string) => void (await client.query(statement));
    await fill(run, shape, measured, log, { definitions: async () => (await client.query(filledIndexesQuery)).rows });
    log(`  vacuum analyze`);
    await run('vacuum analyze');
    await run('create table bench_filled (packages int)');
    await client.end();
  } else {
    const { sql } = await import('drizzle-orm');
    const run = async (statement: string) => void (await handle.db.execute(sql.raw(statement)));
    await fill(run, shape, measured, log);
    await run('vacuum analyze');
  }
  await handle.close();
  log(`Filled in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

function startServer(target: { url?: string; dataDir?: string }, dataDir: string) {
  const child = fork(path.join(import.meta.dirname, 'serve.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATA_DIR: target.dataDir ?? dataDir, ...(target.url ? { BENCH_DATABASE: target.url } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<ServerReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    child.on('message', (message: { ready?: ServerReady }) => message.ready && resolve(message.ready));
  });
  return { child, ready };
}

function loopDelay(child: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve) => {
    const hear = (message: { delay?: LoopDelay }) => {
      if (!message.delay) return;
      child.off('message', hear);
      resolve(message.delay);
    };
    child.on('message', hear);
    child.send('read');
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timedGet(url: string, token: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      })
      .on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

interface Measured {
  label: string;
  path: string;
  single: { median: number; p99: number };
  loaded: { rps: number; p99: number; failed: number };
  /** The event loop's delay while one client asked (its longest: the longest one request held the loop), and under load. */
  alone: LoopDelay;
  loop: LoopDelay;
}

async function measure(endpoint: Endpoint, server: ServerReady, child: ChildProcess): Promise<Measured> {
  const url = `${server.address}${endpoint.path.replace('{locker}', server.customerLocker)}`;
  const token = endpoint.as === 'customer' ? server.customerToken : server.staffToken;
  for (let i = 0; i < 10; i++) await timedGet(url, token);
  child.send('reset');
  const times: number[] = [];
  const until = Date.now() + SECONDS * 1000 * 2;
  while (times.length < REQUESTS && Date.now() < until) times.push(await timedGet(url, token));
  times.sort((a, b) => a - b);
  const alone = await loopDelay(child);
  child.send('reset');
  const result = await autocannon({ url, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, duration: SECONDS });
  const loop = await loopDelay(child);
  return {
    label: endpoint.label,
    path: endpoint.path,
    single: { median: percentile(times, 50), p99: percentile(times, 99) },
    loaded: { rps: Math.round(result.requests.average), p99: result.latency.p99, failed: result.non2xx + result.errors },
    alone,
    loop,
  };
}

async function main() {
  const target = await database();
  if (target.reused) {
    log(`Reusing the filled database (${shape.packages.toLocaleString()} packages); migrating it to this version.`);
    const handle = openDatabase({ databaseUrl: target.url, dataDir: null, limits: { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 0 } });
    await handle.migrate();
    await handle.close();
  } else await fillDatabase(target);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-bench-files-'));
  const { child, ready } = startServer(target, dataDir);
  const server = await ready;
  const loadAtStart = loadavg();
  log(
    `\n${shape.packages.toLocaleString()} packages, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded'}; one client (${REQUESTS} requests) then ${CONNECTIONS} connections for ${SECONDS} s; load average ${load()}\n`,
  );
  log(`| list | one client: median | p99 | loop delay max | ${CONNECTIONS} connections: req/s | p99 | loop delay p99 |`);
  log('|---|---|---|---|---|---|---|');
  const results: Measured[] = [];
  for (const endpoint of ENDPOINTS) {
    const m = await measure(endpoint, server, child);
    results.push(m);
    log(
      `| ${m.label} | ${ms(m.single.median)} ms | ${ms(m.single.p99)} ms | ${ms(m.alone.max)} ms | ${m.loaded.rps.toLocaleString()} | ${m.loaded.p99} ms | ${ms(m.loop.p99)} ms |${m.loaded.failed ? ` ${m.loaded.failed} failed` : ''}`,
    );
  }
  log(`\nload average at the end ${load()}`);
  if (args.json) writeFileSync(args.json, JSON.stringify({ packages: shape.packages, loadAtStart, load: loadavg(), results }, null, 2));
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (!args.keep) await target.drop();
  else if (target.url) log(`Kept the database for the next run with --keep.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
