import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema.ts';
import { createMailWorker } from '../../src/modules/notifications/mail-worker.ts';
import { enqueue } from '../../src/modules/notifications/outbox-repository.ts';
import type { MailMessage } from '../../src/providers/mail/mailer.ts';
import { buildTestApp, silentLog, type TestApp } from '../helper.ts';

/**
 * Issue "Survives its database" (decision 040): with several API processes, each mail goes out once. A claim
 * records who took a mail and when; another worker takes it over only once that claim is stale; a round the
 * database interrupts hands back what it claimed and records what it already sent.
 */
/** A transport that takes `delayMs` per mail and remembers every delivery. */
function slowTransport(delayMs: number, beforeSend: (message: MailMessage) => Promise<void> = async () => {}) {
  const delivered: string[] = [];
  return {
    delivered,
    mailer: {
      async send(message: MailMessage) {
        await beforeSend(message);
        await new Promise((r) => setTimeout(r, delayMs));
        delivered.push(message.subject);
      },
    },
  };
}

async function queueMails(t: TestApp, count: number, prefix: string) {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const id = await enqueue(t.db, {
      kind: 'test',
      userId: null,
      toAddress: 'someone@example.com',
      subject: `${prefix} ${i}`,
      textBody: 'x',
      htmlBody: '<p>x</p>',
    });
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

const statuses = async (t: TestApp, ids: number[]) =>
  (
    await t.db
      .select({ status: outboxMessages.status })
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, ids))
      .orderBy(outboxMessages.id)
  ).map((r) => r.status);

describe('the mail queue shared by several workers', () => {
  const built = buildTestApp({ MAIL_WORKER_INTERVAL_MS: '0', DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' });
  afterAll(async () => (await built).close());
  const workers: ReturnType<typeof createMailWorker>[] = [];
  afterAll(() => Promise.all(workers.map((w) => w.stop())));
  const worker = (t: TestApp, mailer: { send(m: MailMessage): Promise<void> }) => {
    const w = createMailWorker({ db: t.db, mailer, storage: t.app.deps.storage, log: silentLog });
    workers.push(w);
    return w;
  };

  it('two workers with a slow transport send each mail once', async () => {
    const t = await built;
    const ids = await queueMails(t, 20, 'Shared');
    // Due for ten minutes already (held back through an SMTP outage): how long a claim is held, not how long
    // the mail has been due, decides when another worker may take it over.
    await t.db.execute(sql`update outbox_messages set next_attempt_at = now() - interval '10 minutes' where id in ${ids}`);
    const transport = slowTransport(40);
    const [a, b] = [worker(t, transport.mailer), worker(t, transport.mailer)];
    const [sentByA, sentByB] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(sentByA + sentByB).toBe(20);
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByB).toBeGreaterThan(0);
    expect([...transport.delivered].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Shared ${i + 1}`).sort());
    expect(new Set(await statuses(t, ids))).toEqual(new Set(['SENT']));
  });

  it('a mail another worker is sending is left to it until its claim is stale, then taken over once', async () => {
    const t = await built;
    const [fresh, stale] = await queueMails(t, 2, 'Claimed');
    // One claimed a minute ago by a live process, one six minutes ago by a process that died mid-send.
    await t.db.execute(sql`update outbox_messages set status = 'SENDING', attempts = 1, claimed_by = 'other-host:1:live',
      claimed_at = now() - interval '1 minute' where id = ${fresh}`);
    await t.db.execute(sql`update outbox_messages set status = 'SENDING', attempts = 1, claimed_by = 'other-host:2:dead',
      claimed_at = now() - interval '6 minutes' where id = ${stale}`);
    const transport = slowTransport(0);
    expect(await worker(t, transport.mailer).runOnce()).toBe(1);
    expect(transport.delivered).toEqual(['Claimed 2']);
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, [fresh as number, stale as number]));
    expect(rows.find((r) => r.id === fresh)).toMatchObject({ status: 'SENDING', claimedBy: 'other-host:1:live' });
    expect(rows.find((r) => r.id === stale)).toMatchObject({ status: 'SENT', claimedBy: null, attempts: 2 });
    await t.db.execute(sql`update outbox_messages set status = 'SENT' where id = ${fresh}`);
  });

  it('a round the database interrupts hands back what it had not tried and never sends twice what it had sent', async () => {
    const t = await built;
    const ids = await queueMails(t, 5, 'Interrupted');
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    let locked = false;
    // While the second mail is on the wire, someone locks the queue for longer than a statement may wait:
    // recording it as sent fails, and so does handing back the three untried.
    const transport = slowTransport(0, async (message) => {
      if (message.subject !== 'Interrupted 2' || locked) return;
      locked = true;
      await admin.query('begin');
      await admin.query('lock table outbox_messages in access exclusive mode');
    });
    const w = worker(t, transport.mailer);
    // The round fails (it is logged, and answers no count).
    expect(await w.runOnce()).toBe(0);
    await admin.query('rollback');
    await admin.end();
    expect(transport.delivered).toEqual(['Interrupted 1', 'Interrupted 2']);
    expect(await statuses(t, ids)).toEqual(['SENT', 'SENDING', 'SENDING', 'SENDING', 'SENDING']);

    // The next round first records the one sent, hands back the others, then sends those, each once.
    expect(await w.runOnce()).toBe(3);
    expect(transport.delivered).toEqual(['Interrupted 1', 'Interrupted 2', 'Interrupted 3', 'Interrupted 4', 'Interrupted 5']);
    const rows = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(outboxMessages.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['SENT', 1],
      ['SENT', 1],
      ['SENT', 1],
      ['SENT', 1],
      ['SENT', 1],
    ]);
    expect(rows.every((r) => r.claimedBy === null)).toBe(true);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'SENDING'))).toHaveLength(0);
  });
});
