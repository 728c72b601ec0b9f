import { hostname } from 'node:os';
import { type Job as JobAnswer, jobsAnswerSchema } from '@hopbox/contracts/jobs';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/deps.ts';
import { createJobRunner, JITTER, type Job, type JobRunner, jittered } from '../../src/modules/jobs/job-runner.ts';
import { type JobRound, recordJobRound } from '../../src/modules/jobs/jobs-repository.ts';
import { useTestApp } from '../helper.ts';

/**
 * Issue "Exactly once, in one place" (decision 042): the one job runner. Each test runs a job of its own under
 * the name of a job of the list, so that what the runner recorded is read back the way admins read it, through
 * GET /api/admin/jobs.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}
function capturingLog() {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug() {}, trace() {}, fatal() {} };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

/** A job of the test's own: `round` is its body; `intervalMs` and `runAtStart` as given. */
function job(name: string, round: () => Promise<Record<string, number>>, schedule: Partial<Job<AppDeps>> = {}): Job<AppDeps> {
  return { name, title: name, description: 'A test job', intervalMs: 0, runAtStart: false, run: round, ...schedule };
}

/** Counts the rounds running at once, and the most ever. */
function overlapMeter() {
  const meter = { now: 0, most: 0, rounds: 0 };
  const during = async <T>(work: () => Promise<T>) => {
    meter.now++;
    meter.rounds++;
    meter.most = Math.max(meter.most, meter.now);
    try {
      return await work();
    } finally {
      meter.now--;
    }
  };
  return { meter, during };
}

describe('the job runner', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => ({ admin: (await t.userWithToken('admin')).headers }));
  const runners: JobRunner[] = [];
  afterAll(() => Promise.all(runners.map((r) => r.stop())));

  function runnerOf(jobs: Job<AppDeps>[], options: { log?: FastifyBaseLogger; record?: (round: JobRound) => Promise<void> } = {}) {
    const runner = createJobRunner({
      jobs,
      deps: s.t.app.deps,
      log: options.log ?? capturingLog().log,
      record: options.record ?? ((round) => recordJobRound(s.t.db, round)),
    });
    runners.push(runner);
    return runner;
  }

  async function latest(name: string): Promise<JobAnswer> {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    const found = jobsAnswerSchema.parse(res.json()).data.find((j) => j.name === name);
    if (!found) throw new Error(`${name} is not listed`);
    return found;
  }

  it('never runs a round beside another of the same job: one asked for meanwhile follows it, however many ask', async () => {
    const { meter, during } = overlapMeter();
    const slowRound = () =>
      during(async () => {
        await sleep(80);
        return { round: meter.rounds };
      });
    const runner = runnerOf([job('housekeeping', slowRound)]);
    const first = runner.run('housekeeping');
    const second = runner.run('housekeeping');
    const third = runner.run('housekeeping');
    expect(third).toBe(second);
    expect(await Promise.all([first, second, third])).toEqual([{ round: 1 }, { round: 2 }, { round: 2 }]);
    expect(meter).toMatchObject({ rounds: 2, most: 1, now: 0 });

    const recorded = await latest('housekeeping');
    expect(recorded).toMatchObject({
      lastSummary: { round: 2 },
      lastRunBy: `${hostname().slice(0, 60)}:${process.pid}`,
      lastError: null,
      lastErrorAt: null,
      lastRoundFailed: false,
    });
    expect(recorded.lastDurationMs).toBeGreaterThanOrEqual(70);
    expect(Date.parse(recorded.lastFinishedAt as string) - Date.parse(recorded.lastStartedAt as string)).toBeGreaterThanOrEqual(70);
  });

  it('on its schedule, a round still running when the next is due is not joined by another', async () => {
    const { meter, during } = overlapMeter();
    // Rounds of 60 ms, due every 15 ms: without the guard four would run at once.
    const slowRound = () =>
      during(async () => {
        await sleep(60);
        return { read: 0, failed: 0 };
      });
    const runner = runnerOf([job('tracking', slowRound, { intervalMs: 15 })]);
    runner.start();
    await sleep(400);
    await runner.stop();
    expect(meter.most).toBe(1);
    expect(meter.rounds).toBeGreaterThanOrEqual(3);
  });

  it('stop() waits for the running round, which is recorded, and starts no other', async () => {
    const { meter, during } = overlapMeter();
    let finished = false;
    const slowRound = () =>
      during(async () => {
        await sleep(200);
        finished = true;
        return { checked: 3, settled: 1 };
      });
    const runner = runnerOf([job('reconciliation', slowRound, { intervalMs: 20, runAtStart: true })]);
    runner.start();
    await sleep(30);
    expect(meter.now).toBe(1);
    const stopping = runner.stop();
    expect(finished).toBe(false);
    await stopping;
    expect(finished).toBe(true);
    expect(meter).toMatchObject({ rounds: 1, now: 0 });
    // Recorded before stop() resolved: the database may close right after it.
    expect(await latest('reconciliation')).toMatchObject({ lastSummary: { checked: 3, settled: 1 }, lastRoundFailed: false });

    await sleep(100);
    expect(await runner.run('reconciliation')).toBeNull();
    expect(meter.rounds).toBe(1);
  });

  it('a failed round records its message only, never a stack or the parameters; the next good round clears the failure', async () => {
    const { lines, log } = capturingLog();
    const secret = `sk_live_${Date.now()}_do_not_log`;
    let mode: 'database' | 'bug' | 'fine' = 'database';
    const runner = runnerOf(
      [
        job('storage-reminders', async () => {
          if (mode === 'database') await s.t.db.execute(sql`select ${secret}::text as token, 1 / 0 as nothing`);
          if (mode === 'bug') throw new TypeError(`Cannot read properties of undefined (reading 'id')`);
          return { packages: 2, customers: 1 };
        }),
      ],
      { log },
    );

    expect(await runner.run('storage-reminders')).toBeNull();
    const failed = await latest('storage-reminders');
    expect(failed).toMatchObject({ lastError: 'division by zero (22012)', lastRoundFailed: true, lastSummary: null });
    expect(failed.lastErrorAt).toBe(failed.lastFinishedAt);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'storage-reminders: round failed' }));
    expect(JSON.stringify(lines)).not.toContain(secret);

    mode = 'bug';
    expect(await runner.run('storage-reminders')).toBeNull();
    const bug = await latest('storage-reminders');
    expect(bug.lastError).toBe("Cannot read properties of undefined (reading 'id')");
    expect(bug.lastError).not.toMatch(/\n|\bat /);

    mode = 'fine';
    expect(await runner.run('storage-reminders')).toEqual({ packages: 2, customers: 1 });
    const recovered = await latest('storage-reminders');
    expect(recovered).toMatchObject({ lastRoundFailed: false, lastSummary: { packages: 2, customers: 1 } });
    // The failure stays readable (what and when), no longer as the latest round's.
    expect(recovered).toMatchObject({ lastError: bug.lastError, lastErrorAt: bug.lastErrorAt });
    expect(Date.parse(recovered.lastFinishedAt as string)).toBeGreaterThan(Date.parse(bug.lastErrorAt as string));
  });

  it('a passing database failure is a warning, tried again next round; a record the database refuses fails nothing', async () => {
    const { lines, log } = capturingLog();
    let away = true;
    const runner = runnerOf(
      [
        job('mail', async () => {
          if (away) throw Object.assign(new Error('Connection terminated unexpectedly'), { stack: 'Error: at secret/place.ts:1' });
          return { sent: 4 };
        }),
      ],
      { log },
    );
    expect(await runner.run('mail')).toBeNull();
    expect(lines.map((l) => l.level)).toEqual(['warn']);
    expect(lines[0]?.message).toBe('mail: database unavailable, trying again next round');
    expect(await latest('mail')).toMatchObject({ lastError: 'Connection terminated unexpectedly', lastRoundFailed: true });

    // The database is away for the record too: the round still answers, and the miss is a warning.
    const unrecorded = capturingLog();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const offline = runnerOf([job('mail', async () => ({ sent: 1 }))], { log: unrecorded.log, record: () => Promise.reject(refused) });
    await expect(offline.run('mail')).resolves.toEqual({ sent: 1 });
    expect(unrecorded.lines).toContainEqual({
      level: 'warn',
      fields: { job: 'mail', reason: 'connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)' },
      message: 'job round not recorded',
    });
    // So is a record that throws before it even asks.
    const broken = runnerOf([job('mail', async () => ({ sent: 1 }))], {
      record: () => {
        throw new Error('no database');
      },
    });
    await expect(broken.run('mail')).resolves.toEqual({ sent: 1 });

    away = false;
    expect(await runner.run('mail')).toEqual({ sent: 4 });
    expect(await latest('mail')).toMatchObject({ lastSummary: { sent: 4 }, lastRoundFailed: false });
  });

  it('spreads each wait within ±10 % of the interval', () => {
    expect(JITTER).toBe(0.1);
    expect(jittered(60_000, () => 0)).toBe(54_000);
    expect(jittered(60_000, () => 0.5)).toBe(60_000);
    expect(jittered(60_000, () => 0.999_999)).toBeLessThanOrEqual(66_000);
    const waits = Array.from({ length: 1000 }, () => jittered(1000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(900);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1100);
    expect(new Set(waits).size).toBeGreaterThan(50);
  });

  it('refuses a job that is not in its list', async () => {
    await expect(runnerOf([]).run('nightly-backup')).rejects.toThrow('No job named "nightly-backup"');
  });
});
