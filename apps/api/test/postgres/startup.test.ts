import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase } from '../scratch-database.ts';
import { startTcpProxy } from './tcp-proxy.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PASSWORD = 'never-in-a-log-line';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: string;
}

/** A free port on this machine, closed again for the server to take. */
function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `node apps/api/src/server.ts` as `npm start` runs it on PostgreSQL, reaching the database at `databaseUrl`. */
async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-startup-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'startup-test-secret-that-is-long-enough-for-hs256',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRACKING_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d) => {
    text += d;
  });
  child.stderr?.on('data', (d) => {
    text += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  return { child, output: () => text, exited, url: `http://127.0.0.1:${port}` };
}

async function healthy(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** The scratch database's URL with the password the log must never show, pointed at `port`. */
function urlThrough(databaseUrl: string, port: number) {
  const url = new URL(databaseUrl);
  url.password = PASSWORD;
  url.port = String(port);
  return url.toString();
}

/**
 * Issue "Survives its database" (decision 040): start-up waits for PostgreSQL with backoff, a line per try that
 * names the host and never the password, and gives up with a clear message when DATABASE_STARTUP_TIMEOUT_SECONDS
 * is over, even when the server accepts connections and never answers.
 */
describe('start-up and its database', () => {
  let database: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
  const running: Started[] = [];
  beforeAll(async () => {
    database = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'hopbox_startup');
  });
  afterEach(async () => {
    for (const s of running.splice(0)) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  });
  afterAll(() => database.drop());
  const target = () => {
    const url = new URL(database.url);
    return { host: url.hostname, port: Number(url.port || 5432) };
  };

  it('waits for a database that comes up late, then serves', async () => {
    // The port is held from the start (another test cannot take it), each connection closed until the database is up.
    const proxy = await startTcpProxy(target(), { up: false });
    await proxy.hangUp();
    const port = proxy.port;
    const server = await startServer(urlThrough(database.url, port));
    running.push(server);
    // Up only once it has tried twice, however long the process took to start.
    const until = Date.now() + 30_000;
    while ((server.output().match(/Waiting for PostgreSQL/g) ?? []).length < 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.child.exitCode).toBeNull();
    await proxy.up();
    try {
      expect(await healthy(server.url, 60_000)).toBe(true);
      const lines = server.output();
      const dbName = new URL(database.url).pathname;
      // One line per try naming where it waits (after the readable log's time and level); the reason is the socket's.
      const tries = new RegExp(
        `^(?:\\d\\d:\\d\\d:\\d\\d INFO +)?Waiting for PostgreSQL at 127\\.0\\.0\\.1:${port}${dbName} \\(try 1, \\d+ s of 60 s\\): \\S.*$`,
        'm',
      );
      expect(lines).toMatch(tries);
      expect(lines).toMatch(/Waiting for PostgreSQL at .* \(try 2, /);
      expect(lines).toMatch(new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port}${dbName} answered after \\d+ s`));
      expect(lines).not.toContain(PASSWORD);
    } finally {
      await proxy.down();
    }
  });

  it('gives up on a database that accepts connections and never answers, naming DATABASE_URL, without a stack trace', async () => {
    const proxy = await startTcpProxy(target(), { up: false });
    await proxy.silent();
    try {
      const started = Date.now();
      const server = await startServer(urlThrough(database.url, proxy.port), {
        DATABASE_STARTUP_TIMEOUT_SECONDS: '3',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
      });
      running.push(server);
      expect(await server.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(20_000);
      const lines = server.output();
      expect(lines).toMatch(
        /PostgreSQL at 127\.0\.0\.1:\d+\/hopbox_startup\w* did not answer within 3 s \(\d+ tries; last: .*timeout.*\)/i,
      );
      expect(lines).toContain('DATABASE_URL');
      expect(lines).not.toMatch(/^\s+at /m);
      expect(lines).not.toContain(PASSWORD);
    } finally {
      await proxy.down();
    }
  });
});
