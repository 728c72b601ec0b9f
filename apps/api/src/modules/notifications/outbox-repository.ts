import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof outboxMessages.$inferInsert,
  'kind' | 'userId' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attachmentKeys'
>;

export async function enqueue(db: Executor, message: NewOutboxMessage) {
  const [row] = await db.insert(outboxMessages).values(message).returning({ id: outboxMessages.id });
  return row?.id;
}

/**
 * Claims due messages for this process: SKIP LOCKED lets several API processes share the queue,
 * and a message stuck in SENDING for 5 minutes (a crashed process) is due again.
 */
export async function claimDue(db: Executor, limit: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${outboxMessages} set status = 'SENDING', attempts = attempts + 1
    where id in (
      select id from ${outboxMessages}
      where (status = 'QUEUED' and next_attempt_at <= now())
         or (status = 'SENDING' and next_attempt_at <= now() - interval '5 minutes')
      order by id
      limit ${sql.raw(String(limit))}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(outboxMessages.id);
}

export async function markSent(db: Executor, id: number) {
  await db.update(outboxMessages).set({ status: 'SENT', sentAt: new Date(), lastError: null }).where(eq(outboxMessages.id, id));
}

/** Retry later, or give up after the last attempt. */
export async function markAttemptFailed(db: Executor, id: number, error: string, nextAttemptAt: Date | null) {
  await db
    .update(outboxMessages)
    .set({ status: nextAttemptAt ? 'QUEUED' : 'FAILED', lastError: error.slice(0, 2000), nextAttemptAt: nextAttemptAt ?? new Date() })
    .where(eq(outboxMessages.id, id));
}

export async function listMessages(db: Executor, status: string | undefined, limit = 200) {
  return db
    .select()
    .from(outboxMessages)
    .where(status ? eq(outboxMessages.status, status) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

export async function requeue(db: Executor, id: number) {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'QUEUED', attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'FAILED')))
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

/** Empties the bodies of mail sent before `before`; answers how many were emptied. */
export async function clearSentBodies(db: Executor, before: Date) {
  const rows = await db
    .update(outboxMessages)
    .set({ textBody: '', htmlBody: '', attachmentKeys: [] })
    .where(and(eq(outboxMessages.status, 'SENT'), lt(outboxMessages.sentAt, before), ne(outboxMessages.textBody, '')))
    .returning({ id: outboxMessages.id });
  return rows.length;
}
