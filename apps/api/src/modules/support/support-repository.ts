import type { SupportQueueView, SupportStatus, SupportSubjectType } from '@hopbox/contracts/support';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { supportAttachments, supportConversations, supportMessages, users } from '../../db/schema.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type AttachmentRow = typeof supportAttachments.$inferSelect;

/** How many characters of the newest message a list shows. */
const EXCERPT = 140;

// Correlated subqueries on the outer row: the outer table's name, spelled out (a bare column would bind to the inner table).
const outerId = sql.raw('"support_conversations"."id"');
const summaryColumns = {
  conversation: supportConversations,
  lastMessage: sql<string>`(select left(m.body, ${EXCERPT}) from support_messages m where m.conversation_id = ${outerId} order by m.id desc limit 1)`,
  messageCount: sql<number>`(select count(*)::int from support_messages m where m.conversation_id = ${outerId})`,
};

export async function insertConversation(
  db: Executor,
  row: { userId: number; subject: string; subjectType: SupportSubjectType; subjectId: number | null; subjectRef: string | null },
) {
  const [created] = await db.insert(supportConversations).values(row).returning();
  if (!created) throw new Error('The conversation was not stored');
  return created;
}

export async function insertMessage(
  db: Executor,
  row: { conversationId: number; authorId: number; fromRole: 'customer' | 'staff'; body: string },
) {
  const [created] = await db.insert(supportMessages).values(row).returning();
  if (!created) throw new Error('The message was not stored');
  return created;
}

export async function insertAttachments(db: Executor, rows: (typeof supportAttachments.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(supportAttachments).values(rows).returning();
}

/** One conversation, the customer's own when `userId` is given (another's is none). */
export async function findConversation(db: Executor, id: number, userId?: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, id), userId === undefined ? undefined : eq(supportConversations.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Records a message's effect on the conversation: it is now the other side's turn (`to`), moved only from
 * `from` (a compare-and-set, so two writers at once cannot both move it), and the newest message's time.
 */
export async function touchConversation(
  db: Executor,
  id: number,
  move: { from: SupportStatus; to: SupportStatus },
  lastMessageFrom: 'customer' | 'staff' | null,
) {
  const rows = await db
    .update(supportConversations)
    .set({
      status: move.to,
      ...(lastMessageFrom ? { lastMessageAt: sql`now()`, lastMessageFrom } : {}),
    })
    .where(and(eq(supportConversations.id, id), eq(supportConversations.status, move.from)))
    .returning({ id: supportConversations.id });
  return rows.length === 1;
}

export async function listCustomerConversations(db: Executor, userId: number, limit: number) {
  return db
    .select(summaryColumns)
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
    .limit(limit);
}

const QUEUE_FILTERS: Record<SupportQueueView, SQL | undefined> = {
  unanswered: eq(supportConversations.status, 'WAITING_FOR_STAFF'),
  open: ne(supportConversations.status, 'CLOSED'),
  closed: eq(supportConversations.status, 'CLOSED'),
  all: undefined,
};

/**
 * The staff queue: what waits for an answer first, the longest wait first; then the rest, the newest
 * activity first. One page, counted in the same round trip.
 */
export async function listQueue(db: Executor, view: SupportQueueView, page: { limit: number; offset: number }) {
  const where = QUEUE_FILTERS[view];
  const waiting = sql`case when ${supportConversations.status} = 'WAITING_FOR_STAFF' then 0 else 1 end`;
  const waitedLongest = sql`case when ${supportConversations.status} = 'WAITING_FOR_STAFF' then ${supportConversations.lastMessageAt} end`;
  const rows = await db
    .select({
      ...summaryColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      lockerNumber: users.lockerNumber,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .where(where)
    .orderBy(asc(waiting), asc(waitedLongest), desc(supportConversations.lastMessageAt), desc(supportConversations.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? (page.offset === 0 ? 0 : await countQueue(db, where)) };
}

async function countQueue(db: Executor, where: SQL | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(supportConversations).where(where);
  return row?.n ?? 0;
}

/** A conversation's messages, oldest first, with their authors' names and their files. */
export async function messagesOf(db: Executor, conversationId: number) {
  const messages = await db
    .select({ message: supportMessages, firstName: users.firstName, lastName: users.lastName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(asc(supportMessages.id));
  const files = messages.length
    ? await db
        .select()
        .from(supportAttachments)
        .where(
          inArray(
            supportAttachments.messageId,
            messages.map((m) => m.message.id),
          ),
        )
        .orderBy(asc(supportAttachments.id))
    : [];
  return messages.map((m) => ({ ...m, attachments: files.filter((f) => f.messageId === m.message.id) }));
}

/** A file with the conversation's owner, for the check of who may read it. */
export async function findAttachment(db: Executor, id: number) {
  const [row] = await db
    .select({ attachment: supportAttachments, ownerId: supportConversations.userId })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(eq(supportAttachments.id, id))
    .limit(1);
  return row;
}
