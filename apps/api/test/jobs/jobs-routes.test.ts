import { jobsAnswerSchema } from '@hopbox/contracts/jobs';
import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { jobList } from '../../src/modules/jobs/job-list.ts';
import { createJobRunner } from '../../src/modules/jobs/job-runner.ts';
import { recordJobRound } from '../../src/modules/jobs/jobs-repository.ts';
import { expectError, type Headers, type TestApp, useTestApp } from '../helper.ts';

/** Issue "Exactly once, in one place" (decision 042): GET /api/admin/jobs, the jobs page's data. */
const NAMES = ['mail', 'tracking', 'storage-reminders', 'reconciliation', 'housekeeping'];
const NEVER_RUN = {
  lastStartedAt: null,
  lastFinishedAt: null,
  lastDurationMs: null,
  lastError: null,
  lastErrorAt: null,
  lastRoundFailed: false,
  lastSummary: null,
  lastRunBy: null,
};

const listJobs = (t: TestApp, headers: Headers) => t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers });

async function jobsOf(t: TestApp, headers: Headers) {
  const res = await listJobs(t, headers);
  expect(res.statusCode, res.body).toBe(200);
  return jobsAnswerSchema.parse(res.json()).data;
}

/** Each job's schedule as the page shows it: how often it runs (seconds) and whether it runs at start-up. */
const scheduleOf = (jobs: { name: string; intervalSeconds: number; runAtStart: boolean }[]) =>
  Object.fromEntries(jobs.map((j) => [j.name, [j.intervalSeconds, j.runAtStart]]));

describe('GET /api/admin/jobs', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => ({
    admin: (await t.userWithToken('admin')).headers,
    staff: (await t.userWithToken('staff')).headers,
    customer: await t.customer(),
  }));

  it('lists the five jobs of the list for an admin, how often each runs by the default settings, never run: nulls', async () => {
    const jobs = await jobsOf(s.t, s.admin);
    expect(jobs.map((j) => j.name)).toEqual(NAMES);
    expect(scheduleOf(jobs)).toEqual({
      // MAIL_WORKER_INTERVAL_MS=0 here: mail goes out only after each enqueue.
      mail: [0, false],
      // TRACKING_INTERVAL_SECONDS 900: the round wakes every minute and reads what is 15 minutes old.
      tracking: [60, true],
      'storage-reminders': [3600, true],
      reconciliation: [60, true],
      housekeeping: [3600, true],
    });
    for (const job of jobs) {
      expect(job).toMatchObject(NEVER_RUN);
      expect(job.title.length).toBeGreaterThan(0);
      expect(job.description.length).toBeGreaterThan(20);
    }
    expect(jobs.find((j) => j.name === 'tracking')?.description).toContain('every 15 minutes');
  });

  it('answers 403 to staff and customers, 401 without a session', async () => {
    expectError(await listJobs(s.t, s.staff), 403, messages.transport.forbidden);
    expectError(await listJobs(s.t, s.customer.headers), 403, messages.transport.forbidden);
    expectError(await listJobs(s.t, {}), 401, messages.transport.sessionExpired);
    expectError(await listJobs(s.t, { authorization: 'Bearer not-a-token' }), 401, messages.transport.sessionExpired);
  });

  it("shows each job's latest round after the runner ran the real list once, with its counts", async () => {
    const runner = createJobRunner({
      jobs: jobList(s.t.config),
      deps: s.t.app.deps,
      log: s.t.app.log,
      record: (round) => recordJobRound(s.t.db, round),
    });
    try {
      for (const name of NAMES) expect(await runner.run(name), name).not.toBeNull();
    } finally {
      await runner.stop();
    }
    const jobs = await jobsOf(s.t, s.admin);
    const counts = Object.fromEntries(jobs.map((j) => [j.name, Object.keys(j.lastSummary ?? {}).sort()]));
    expect(counts).toEqual({
      mail: ['sent'],
      tracking: ['failed', 'read'],
      'storage-reminders': ['customers', 'packages'],
      reconciliation: ['checked', 'settled'],
      housekeeping: ['mailBodiesCleared', 'quotesPruned', 'rateLimitsPruned', 'tokensPruned'],
    });
    for (const job of jobs) {
      expect(job).toMatchObject({ lastError: null, lastRoundFailed: false, lastRunBy: expect.stringMatching(/:\d+$/) });
      expect(job.lastDurationMs).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the settings whose 0 means "only at start-up" or "never"', () => {
  const s = useTestApp(
    {
      MAIL_WORKER_INTERVAL_MS: '150',
      TRACKING_INTERVAL_SECONDS: '0',
      STORAGE_REMINDER_INTERVAL_MINUTES: '0',
      RECONCILE_INTERVAL_SECONDS: '0',
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
    },
    async (t) => ({ admin: (await t.userWithToken('admin')).headers }),
  );

  it('keeps each as README.md says, and the mail job runs on its interval in the test app as in the server', async () => {
    const jobs = await jobsOf(s.t, s.admin);
    expect(scheduleOf(jobs)).toEqual({
      mail: [1, false],
      // Only on demand (Refresh tracking), and never on a schedule.
      tracking: [0, false],
      // Never.
      'storage-reminders': [0, false],
      // Only at start-up.
      reconciliation: [0, true],
      housekeeping: [0, true],
    });
    expect(jobs.find((j) => j.name === 'tracking')?.description).toContain('only when staff ask');

    const until = Date.now() + 5000;
    let mail = jobs.find((j) => j.name === 'mail');
    while (!mail?.lastFinishedAt && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      mail = (await jobsOf(s.t, s.admin)).find((j) => j.name === 'mail');
    }
    expect(mail).toMatchObject({ lastRoundFailed: false, lastSummary: { sent: expect.any(Number) } });
  });
});
