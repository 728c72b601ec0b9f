import { messages } from '@hopbox/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema.ts';
import { MAX_ATTEMPTS } from '../../src/modules/notifications/mail-worker.ts';
import type { Mailer, MailMessage } from '../../src/providers/mail/mailer.ts';
import type { Headers } from '../helper.ts';
import { buildTestApp, changePassword, expectError, forgotPassword, receivePackage, type TestApp } from '../helper.ts';
import { readMail } from './mime.ts';

const BACKOFF_MS = [30_000, 60_000, 120_000, 240_000, 480_000] as const;

/**
 * A mail transport that fails (or hangs) on demand, in front of the test outbox; `attempts` counts
 * every call, whatever it did.
 */
function controllableMailer(outbox: Mailer) {
  const control = {
    mode: 'fail' as 'fail' | 'work' | 'hang',
    attempts: [] as MailMessage[],
    release: () => {},
  };
  const mailer: Mailer = {
    async send(message) {
      control.attempts.push(message);
      if (control.mode === 'fail') throw new Error('SMTP connection refused (test)');
      if (control.mode === 'hang') await new Promise<void>((resolve) => (control.release = resolve));
      await outbox.send(message);
    },
  };
  return { control, mailer };
}

/**
 * Issue 5: "Sending never blocks or fails the action that caused it: messages are queued in the
 * database and sent by a worker that retries with backoff; a failed mail is visible to admins."
 */
describe('notifications: delivery that fails is retried, then shown to admins', () => {
  let t: TestApp;
  let control: ReturnType<typeof controllableMailer>['control'];
  let staff: Headers;
  let admin: Headers;
  let customer: { id: number; email: string; password: string; locker: string; headers: Headers };

  beforeAll(async () => {
    t = await buildTestApp(
      // No periodic round: the worker runs only when an enqueue wakes it or the test asks.
      { MAIL_WORKER_INTERVAL_MS: '0' },
      {
        mailer: (outbox) => {
          const made = controllableMailer(outbox);
          control = made.control;
          return made.mailer;
        },
      },
    );
    staff = (await t.userWithToken('staff')).headers;
    admin = (await t.userWithToken('admin')).headers;
    customer = await t.customer({ firstName: 'Salma', lastName: 'Yousef' });
  });
  afterAll(async () => {
    control.release();
    await t.close();
  });

  const row = async (id: number) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
  const rowsOf = (kind: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind)).orderBy(outboxMessages.id);
  /** Waits until the wake-up the enqueue gave the worker has tried the message. */
  async function untilAttempted(id: number, attempts: number) {
    const until = Date.now() + 5000;
    for (;;) {
      const r = await row(id);
      if (r && r.attempts >= attempts && r.status !== 'SENDING') return r;
      if (Date.now() > until) throw new Error(`message ${id} not attempted ${attempts} times: ${JSON.stringify(r)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const makeDue = (id: number) => t.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` }).where(eq(outboxMessages.id, id));
  const mailList = (status?: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/mail${status ? `?status=${status}` : ''}`, headers });
  const retry = (id: number, headers: Headers = admin) => t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers });

  let receivedId: number;

  it('a failing transport does not fail the action: the package is received (201) and its mail waits in the queue', async () => {
    control.mode = 'fail';
    const pkg = await receivePackage(t, staff, customer.locker);
    expect(pkg.hopboxId).toMatch(/^HBX/);
    const [queued] = await rowsOf('packageReceived');
    expect(queued).toMatchObject({
      userId: customer.id,
      toAddress: customer.email,
      subject: `A package arrived in your locker: ${pkg.hopboxId}`,
    });
    receivedId = queued?.id as number;

    const beforeAttempt = Date.now();
    const failed = await untilAttempted(receivedId, 1);
    expect(failed).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: 'SMTP connection refused (test)', sentAt: null });
    // The next attempt is about 30 s later.
    const wait = failed.nextAttemptAt.getTime() - beforeAttempt;
    expect(wait).toBeGreaterThan(BACKOFF_MS[0] - 2000);
    expect(wait).toBeLessThan(BACKOFF_MS[0] + 5000);
    expect(control.attempts.filter((m) => m.to === customer.email)).toHaveLength(1);
    expect(t.mailsTo(customer.email)).toEqual([]);
    // The customer sees the package at once.
    const list = await t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: customer.headers });
    expect((list.json().data as { id: number }[]).map((p) => p.id)).toEqual([pkg.id]);
  });

  it('the other actions that mail answer 2xx too: forgot-password and a password change', async () => {
    const forgot = await forgotPassword(t, customer.email);
    expect(forgot.json()).toEqual({ success: true, message: messages.auth.forgotSent });
    await changePassword(t, customer, 'brand-new-secret-2');
    for (const kind of ['passwordReset', 'passwordChanged']) {
      const [r] = await rowsOf(kind);
      expect(r, kind).toBeDefined();
      const tried = await untilAttempted(r?.id as number, 1);
      expect(tried).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: 'SMTP connection refused (test)' });
      expect(tried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    // Not due yet: a round now tries nothing.
    const calls = control.attempts.length;
    await t.app.deps.mailWorker.runOnce();
    expect(control.attempts.length).toBe(calls);
  });

  it(`retries with doubling backoff when due, and marks the mail FAILED after ${MAX_ATTEMPTS} attempts`, async () => {
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(receivedId);
      const started = Date.now();
      await t.app.deps.mailWorker.runOnce();
      const r = await row(receivedId);
      expect(r?.attempts).toBe(attempt);
      expect(r?.lastError).toBe('SMTP connection refused (test)');
      if (attempt < MAX_ATTEMPTS) {
        expect(r?.status).toBe('QUEUED');
        const wait = (r?.nextAttemptAt.getTime() ?? 0) - started;
        const expected = BACKOFF_MS[attempt - 1] as number;
        expect(wait, `attempt ${attempt}`).toBeGreaterThan(expected - 2000);
        expect(wait, `attempt ${attempt}`).toBeLessThan(expected + 5000);
      } else {
        expect(r?.status).toBe('FAILED');
        expect(r?.sentAt).toBeNull();
      }
    }
    expect(control.attempts.filter((m) => m.subject.startsWith('A package arrived'))).toHaveLength(MAX_ATTEMPTS);
    // A FAILED mail is not tried again by the worker on its own.
    await makeDue(receivedId);
    await t.app.deps.mailWorker.runOnce();
    expect(await row(receivedId)).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
  });

  it('GET /api/admin/mail?status=FAILED lists the failed mail for an admin, newest first', async () => {
    const res = await mailList('FAILED');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Record<string, unknown>[];
    expect(data).toHaveLength(1);
    expect(data[0]).toEqual({
      id: receivedId,
      kind: 'packageReceived',
      toAddress: customer.email,
      subject: expect.stringMatching(/^A package arrived in your locker: HBX/),
      status: 'FAILED',
      attempts: MAX_ATTEMPTS,
      lastError: 'SMTP connection refused (test)',
      nextAttemptAt: expect.any(String),
      sentAt: null,
      createdAt: expect.any(String),
    });
    // Bodies are not part of the list.
    expect(data[0]).not.toHaveProperty('htmlBody');

    const queued = (await mailList('QUEUED')).json().data as { kind: string }[];
    expect(queued.map((m) => m.kind).sort()).toEqual(['passwordChanged', 'passwordReset']);
    const all = (await mailList()).json().data as { id: number }[];
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    expect(all).toHaveLength(3);

    const bad = await mailList('BOUNCED');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Bad Request', field: 'status' });
    expectError(await mailList('FAILED', staff), 403, messages.transport.forbidden);
    expectError(await mailList('FAILED', customer.headers), 403, messages.transport.forbidden);
    expectError(await mailList('FAILED', {}), 401, messages.transport.sessionExpired);
  });

  it('POST /api/admin/mail/{id}/retry requeues it, and with a working transport it is SENT as a real mail', async () => {
    control.mode = 'work';
    expectError(await retry(receivedId, staff), 403, messages.transport.forbidden);
    const res = await retry(receivedId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Mail queued again' });
    const sent = await untilAttempted(receivedId, 1);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    const mails = t.mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(readMail(mails[0] as string).subject).toBe(sent.subject);
    expect((await mailList('FAILED')).json().data).toEqual([]);
    expect((await mailList('SENT')).json().data.map((m: { id: number }) => m.id)).toEqual([receivedId]);
  });

  it('answers 404 to a retry of a mail that is not FAILED or does not exist', async () => {
    expectError(await retry(receivedId), 404, 'No failed mail with this id');
    expectError(await retry(999_999), 404, 'No failed mail with this id');
    const [queued] = await rowsOf('passwordReset');
    expectError(await retry(queued?.id as number), 404, 'No failed mail with this id');
  });

  it('the waiting mails go out on their next due round', async () => {
    for (const kind of ['passwordReset', 'passwordChanged']) {
      const [r] = await rowsOf(kind);
      await makeDue(r?.id as number);
    }
    await t.app.deps.mailWorker.runOnce();
    expect((await rowsOf('passwordReset'))[0]).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    expect((await rowsOf('passwordChanged'))[0]).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    expect(t.mailsTo(customer.email).map((m) => readMail(m).subject)).toEqual(
      expect.arrayContaining(['Reset your Hopbox password', 'Your Hopbox password was changed']),
    );
  });

  it('a transport that hangs does not hold up the action', async () => {
    control.mode = 'hang';
    const started = Date.now();
    const pkg = await receivePackage(t, staff, customer.locker);
    const took = Date.now() - started;
    expect(took).toBeLessThan(2000);
    // The worker is stuck in the transport with the message claimed; the action has long answered.
    const until = Date.now() + 5000;
    while (!control.attempts.some((m) => m.subject.endsWith(pkg.hopboxId)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(control.attempts.some((m) => m.subject.endsWith(pkg.hopboxId))).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: customer.headers });
    expect((list.json().data as { id: number }[]).map((p) => p.id)).toContain(pkg.id);
    control.mode = 'work';
    control.release();
    const [, second] = await rowsOf('packageReceived');
    expect(await untilAttempted(second?.id as number, 1)).toMatchObject({ status: 'SENT' });
  });
});
