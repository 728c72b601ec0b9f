import { canMove } from '@hopbox/contracts/lifecycles';
import {
  type NewConversationInput,
  SUPPORT_LIFECYCLE,
  type SupportAttachment,
  type SupportConversation,
  type SupportQueueView,
  type SupportStatus,
  supportMessages,
} from '@hopbox/contracts/support';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findUserById } from '../auth/users-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { checkDocuments, type StoredDocument, withStoredDocuments } from '../photo-requests/documents.ts';
import type { UploadedFile } from '../photo-requests/photo-requests-service.ts';
import * as repo from './support-repository.ts';
import { resolveSubject, subjectContext } from './support-subjects.ts';

type Side = 'customer' | 'staff';
/** Whose turn it is once a side has written. */
const TURN_AFTER: Record<Side, SupportStatus> = { customer: 'WAITING_FOR_STAFF', staff: 'WAITING_FOR_CUSTOMER' };

const attachmentPath = (id: number) => `/api/support/attachments/${id}`;

function toAttachment(row: repo.AttachmentRow): SupportAttachment {
  return {
    id: row.id,
    fileName: row.fileName,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    url: attachmentPath(row.id),
    thumbnailUrl: row.thumbnailKey ? `${attachmentPath(row.id)}?thumbnail=1` : null,
  };
}

/** Staff are named to the customer by first name; the customer's own messages carry the full name. */
function authorName(from: Side, firstName: string | null, lastName: string | null, forStaff: boolean) {
  if (!firstName) return null;
  return from === 'staff' && !forStaff ? firstName : `${firstName} ${lastName ?? ''}`.trim();
}

function summaryOf(row: { conversation: repo.ConversationRow; lastMessage: string; messageCount: number }) {
  const c = row.conversation;
  return {
    id: c.id,
    subject: c.subject,
    subjectType: c.subjectType as SupportConversation['subjectType'],
    subjectRef: c.subjectRef,
    status: c.status as SupportStatus,
    lastMessage: row.lastMessage ?? '',
    lastMessageFrom: c.lastMessageFrom as Side,
    lastMessageAt: c.lastMessageAt.toISOString(),
    messageCount: Number(row.messageCount),
    createdAt: c.createdAt.toISOString(),
  };
}

async function conversationOf(db: Executor, conversation: repo.ConversationRow, forStaff: boolean): Promise<SupportConversation> {
  const messages = await repo.messagesOf(db, conversation.id);
  const last = messages.at(-1)?.message.body ?? '';
  return {
    ...summaryOf({ conversation, lastMessage: last.slice(0, 140), messageCount: messages.length }),
    messages: messages.map((m) => ({
      id: m.message.id,
      body: m.message.body,
      from: m.message.fromRole as Side,
      authorName: authorName(m.message.fromRole as Side, m.firstName, m.lastName, forStaff),
      createdAt: m.message.createdAt.toISOString(),
      attachments: m.attachments.map(toAttachment),
    })),
  };
}

export async function listCustomerConversations(deps: AppDeps, userId: number) {
  return (await repo.listCustomerConversations(deps.db, userId, 100)).map(summaryOf);
}

export async function getCustomerConversation(deps: AppDeps, userId: number, id: number) {
  const conversation = await repo.findConversation(deps.db, id, userId);
  if (!conversation) throw notFound(supportMessages.conversationNotFound);
  return conversationOf(deps.db, conversation, false);
}

/** A customer's new conversation: the subject checked to be theirs, the files checked, then stored together. */
export async function startConversation(
  deps: AppDeps,
  userId: number,
  input: Omit<NewConversationInput, 'subjectRef'> & { subjectRef?: string },
  files: UploadedFile[],
) {
  const subject = input.subjectType === 'general' ? null : await resolveSubject(deps.db, userId, input.subjectType, input.subjectRef ?? '');
  const checked = await checkDocuments(files, supportMessages.notAFile);
  const id = await withStoredDocuments(deps, 'support', checked, (stored) =>
    deps.db.transaction(async (tx) => {
      const conversation = await repo.insertConversation(tx, {
        userId,
        subject: input.subject,
        subjectType: input.subjectType,
        subjectId: subject?.id ?? null,
        subjectRef: subject?.ref ?? null,
      });
      await writeMessage(deps, tx, conversation, { authorId: userId, from: 'customer', body: input.body, first: true }, stored);
      await recordAudit(tx, {
        actorId: userId,
        action: 'support.started',
        entityType: 'support_conversation',
        entityId: conversation.id,
        after: { subject: input.subject, about: input.subjectType, ref: subject?.ref ?? null },
      });
      return conversation.id;
    }),
  );
  return getCustomerConversation(deps, userId, id);
}

/**
 * Writes a message in the caller's transaction: its files, the conversation's move to the other side's turn
 * (through SUPPORT_LIFECYCLE, on the row locked for it), and the mail to the other side.
 */
async function writeMessage(
  deps: AppDeps,
  tx: Executor,
  conversation: repo.ConversationRow,
  message: { authorId: number; from: Side; body: string; first?: boolean },
  files: StoredDocument[],
) {
  const from = conversation.status as SupportStatus;
  const to = TURN_AFTER[message.from];
  if (from !== to && !canMove(SUPPORT_LIFECYCLE, from, to)) throw conflict(supportMessages.alreadyClosed, undefined, 'INVALID_TRANSITION');
  const row = await repo.insertMessage(tx, {
    conversationId: conversation.id,
    authorId: message.authorId,
    fromRole: message.from,
    body: message.body,
  });
  await repo.insertAttachments(
    tx,
    files.map((f) => ({ ...f, messageId: row.id })),
  );
  // The row is locked for this transaction (or was just made in it), so the move cannot miss.
  if (!(await repo.touchConversation(tx, conversation.id, { from, to }, message.from))) throw new Error('The conversation did not move');
  const mail = { conversationId: conversation.id, subject: conversation.subject, body: message.body, files: files.length };
  const author = await findUserById(tx, message.authorId);
  if (message.from === 'staff') {
    await notify.supportAnswered(deps, tx, conversation.userId, { ...mail, authorName: author?.firstName ?? null });
  } else if (author) {
    const customer = { name: `${author.firstName} ${author.lastName}`, email: author.email, lockerNumber: author.lockerNumber };
    await notify.supportTeam(deps, tx, { ...mail, isNew: message.first === true, customer });
  }
  return row;
}

/** The conversation row locked for this transaction, scoped to its customer when `userId` is given. */
async function lockConversation(tx: Executor, id: number, userId?: number) {
  const conversation = await repo.findConversation(tx, id, userId, { lock: true });
  if (!conversation) throw notFound(supportMessages.conversationNotFound);
  return conversation;
}

async function reply(deps: AppDeps, author: { id: number; side: Side }, id: number, body: string, files: UploadedFile[]) {
  const scope = author.side === 'customer' ? author.id : undefined;
  // A missing conversation answers 404 before any file is checked or stored.
  if (!(await repo.findConversation(deps.db, id, scope))) throw notFound(supportMessages.conversationNotFound);
  const checked = await checkDocuments(files, supportMessages.notAFile);
  await withStoredDocuments(deps, 'support', checked, (stored) =>
    deps.db.transaction(async (tx) => {
      const conversation = await lockConversation(tx, id, scope);
      await writeMessage(deps, tx, conversation, { authorId: author.id, from: author.side, body }, stored);
    }),
  );
}

export async function customerWrites(deps: AppDeps, userId: number, id: number, body: string, files: UploadedFile[]) {
  await reply(deps, { id: userId, side: 'customer' }, id, body, files);
  return getCustomerConversation(deps, userId, id);
}

export async function staffAnswers(deps: AppDeps, staffId: number, id: number, body: string, files: UploadedFile[]) {
  await reply(deps, { id: staffId, side: 'staff' }, id, body, files);
  return getStaffConversation(deps, id);
}

/** Closes a conversation (the customer's own, or any for staff); a closed one is a 409. Audited. */
async function closeConversation(deps: AppDeps, actor: { id: number; side: Side }, id: number) {
  const scope = actor.side === 'customer' ? actor.id : undefined;
  await deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id, scope);
    const from = conversation.status as SupportStatus;
    if (!canMove(SUPPORT_LIFECYCLE, from, 'CLOSED') || !(await repo.touchConversation(tx, id, { from, to: 'CLOSED' }, null))) {
      throw conflict(supportMessages.alreadyClosed, undefined, 'INVALID_TRANSITION');
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'support.closed',
      entityType: 'support_conversation',
      entityId: id,
      before: { status: from },
      after: { status: 'CLOSED' },
    });
  });
}

export async function closeAsCustomer(deps: AppDeps, userId: number, id: number) {
  await closeConversation(deps, { id: userId, side: 'customer' }, id);
  return getCustomerConversation(deps, userId, id);
}

export async function closeAsStaff(deps: AppDeps, staffId: number, id: number) {
  await closeConversation(deps, { id: staffId, side: 'staff' }, id);
  return getStaffConversation(deps, id);
}

export async function staffQueue(deps: AppDeps, view: SupportQueueView, page: number, pageSize: number) {
  const { rows, total } = await repo.listQueue(deps.db, view, { limit: pageSize, offset: (page - 1) * pageSize });
  return {
    data: rows.map((r) => ({ ...summaryOf(r), customerName: `${r.firstName} ${r.lastName}`, lockerNumber: r.lockerNumber })),
    total,
  };
}

export async function getStaffConversation(deps: AppDeps, id: number) {
  const conversation = await repo.findConversation(deps.db, id);
  if (!conversation) throw notFound(supportMessages.conversationNotFound);
  const customer = await findUserById(deps.db, conversation.userId);
  return {
    ...(await conversationOf(deps.db, conversation, true)),
    context: {
      customer: {
        id: conversation.userId,
        name: customer ? `${customer.firstName} ${customer.lastName}` : '',
        email: customer?.email ?? '',
        lockerNumber: customer?.lockerNumber ?? null,
      },
      subject: await subjectContext(deps.db, conversation, deps.config.timeZone),
    },
  };
}

/** A row whose file is gone from storage. */
export const missingFile = () => notFound(supportMessages.fileNotFound);

/** A file of a conversation: its customer's, or any for staff; anything else is a 404. */
export async function findVisibleAttachment(deps: AppDeps, viewer: { id: number; role: string }, id: number) {
  const found = await repo.findAttachment(deps.db, id);
  if (!found || (viewer.role === 'user' && found.ownerId !== viewer.id)) throw notFound(supportMessages.fileNotFound);
  return found.attachment;
}
