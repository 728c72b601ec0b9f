import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readableLogLine } from '../../src/lib/readable-log.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A readable log line's head: its time and level (decision 059). */
const HEAD = /^\d\d:\d\d:\d\d (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) /;
/** A message's further lines, lined up under its first. */
const CONTINUED = /^ {15}/;

/** A free port on this machine, closed again for the server to take. */
function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Issue 26, "`npm start` prints the demo accounts last, with one log format" (decision 059): the server as `npm start`
 * runs it, on a new embedded database with the demo seed, writes readable lines only, in the order they are logged,
 * and the demo accounts are its last lines, after the start's own job rounds and mails.
 */
describe('npm start in demo mode', () => {
  it('prints readable lines only, and the address and demo accounts last', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-demo-start-'));
    const { NODE_ENV: _env, DATABASE_URL: _db, TEST_DATABASE_URL: _test, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const until = Date.now() + 100_000;
      while (!output.includes('Sign in at') && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      // Anything the start still had to say would come now: the accounts must stay last.
      await new Promise((r) => setTimeout(r, 1500));

      const lines = output.trimEnd().split('\n');
      for (const line of lines) expect(line, output).toMatch(line.startsWith(' ') ? CONTINUED : HEAD);
      expect(output).not.toContain('{"level"');

      const at = (text: string) => lines.findIndex((line) => line.includes(text));
      const running = at(`Hopbox is running at http://localhost:${port} (Node.js ${process.version}; API docs at`);
      expect(running, output).toBeGreaterThan(at('Server listening at'));
      // The start's own work (the demo seed, the reminder round and the mail it queues) comes before the address.
      expect(running).toBeGreaterThan(at('demo data seeded'));
      expect(running).toBeGreaterThan(at('mail written to outbox'));
      expect(lines.slice(running + 1)).toEqual([
        expect.stringMatching(/ INFO {2}Demo accounts \(the embedded demo database; the keys are for an authenticator app\):$/),
        expect.stringMatching(/^ {17}user {5}demo@hopbox\.example +demo1234$/),
        expect.stringMatching(/^ {17}staff {4}staff@hopbox\.example +staff1234 {2}authenticator key \w+$/),
        expect.stringMatching(/^ {17}admin {4}admin@hopbox\.example +admin1234 {2}authenticator key \w+$/),
        `               Sign in at http://localhost:${port}/signin`,
      ]);
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a readable log line', () => {
  const time = new Date(2026, 10, 26, 18, 2, 11).getTime();

  it("says a request's method, path, status and time, and a line's own fields as key=value", () => {
    expect(
      readableLogLine({
        level: 30,
        time,
        pid: 1,
        hostname: 'vm',
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/x' },
        msg: 'incoming request',
      }),
    ).toBe('18:02:11 INFO  incoming request  GET /api/x  reqId=req-1\n');
    expect(readableLogLine({ level: 30, time, res: { statusCode: 404 }, responseTime: 3.25, msg: 'request completed' })).toBe(
      '18:02:11 INFO  request completed  404 3.3 ms\n',
    );
    expect(readableLogLine({ level: 40, time, job: 'mail', sent: 2, subject: 'Free storage ends', msg: 'round done' })).toBe(
      '18:02:11 WARN  round done  job=mail sent=2 subject="Free storage ends"\n',
    );
  });

  it("puts an error's stack and a message's further lines under the first, lined up", () => {
    const err = { message: 'boom', stack: 'Error: boom\n    at main (server.ts:1:1)' };
    expect(readableLogLine({ level: 50, time, err, msg: 'round failed' })).toBe(
      '18:02:11 ERROR round failed\n               Error: boom\n                   at main (server.ts:1:1)\n',
    );
    expect(readableLogLine({ level: 30, time, msg: 'Demo accounts:\n  user  demo' })).toBe(
      '18:02:11 INFO  Demo accounts:\n                 user  demo\n',
    );
  });
});
