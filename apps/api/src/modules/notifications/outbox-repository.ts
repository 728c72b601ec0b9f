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

/** A claim older than this is taken to belong to a process that died mid-send: another process may take the mail over. */
export const CLAIM_STALE_AFTER_MS = 5 * 60_000;

/**
 * Claims due messages for `worker`, recording who claimed them and when: SKIP LOCKED lets several API
 * processes share the queue, and a message stays with its claimer until that claim is stale
 * (CLAIM_STALE_AFTER_MS since it was claimed or last confirmed), the sign of a process that died mid-send.
 */
export async function claimDue(db: Executor, limit: number, worker: string): Promise<OutboxRow[]> {
  const staleBefore = new Date(Date.now() - CLAIM_STALE_AFTER_MS);
  const result = await db.execute(sql`
    update ${outboxMessages} set status = 'SENDING', attempts = attempts + 1, claimed_by = ${worker}, claimed_at = now()
    where id in (
      select id from ${outboxMessages}
      where (status = 'QUEUED' and next_attempt_at <= now())
         or (status = 'SENDING' and coalesce(claimed_at, next_attempt_at) <= ${staleBefore})
      order by id
      limit ${sql.raw(String(limit))}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(outboxMessages.id);
}

const claimedBy = (id: number, worker: string) =>
  and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'SENDING'), eq(outboxMessages.claimedBy, worker));

/**
 * Confirms, just before sending, that the message is still `worker`'s, and restarts its claim's clock: the
 * time a claim may take before it is stale then counts from this send, not from the batch's claim.
 */
export async function confirmClaim(db: Executor, id: number, worker: string) {
  const rows = await db
    .update(outboxMessages)
    .set({ claimedAt: new Date() })
    .where(claimedBy(id, worker))
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

/** Answers false when the claim had been taken over meanwhile (the mail may then go out twice). */
export async function markSent(db: Executor, id: number, worker: string) {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'SENT', sentAt: new Date(), lastError: null, claimedBy: null, claimedAt: null })
    .where(claimedBy(id, worker))
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

/** Retry later, or give up after the last attempt. */
export async function markAttemptFailed(db: Executor, id: number, worker: string, error: string, nextAttemptAt: Date | null) {
  await db
    .update(outboxMessages)
    .set({
      status: nextAttemptAt ? 'QUEUED' : 'FAILED',
      lastError: error.slice(0, 2000),
      nextAttemptAt: nextAttemptAt ?? new Date(),
      claimedBy: null,
      claimedAt: null,
    })
    .where(claimedBy(id, worker));
}

/** Hands back claimed messages that were never tried (a failed round): due again at once, the attempt not counted. */
export async function releaseClaims(db: Executor, ids: number[], worker: string) {
  if (ids.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ status: 'QUEUED', attempts: sql`greatest(${outboxMessages.attempts} - 1, 0)`, claimedBy: null, claimedAt: null })
    .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'SENDING'), eq(outboxMessages.claimedBy, worker)));
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
