import type { InternalNote, InternalNoteEntity } from '@hopbox/contracts/internal-notes';
import { messages } from '@hopbox/contracts/messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { internalNotes, packages, shipments, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';

/** How many notes one record shows at most (the newest); more is a conversation, not a note. */
const NOTES_PER_RECORD = 50;

const missing: Record<InternalNoteEntity, string> = { package: messages.packages.packageNotFound, shipment: 'Shipment not found' };

/** The internal notes of several packages or shipments in one query, oldest first, by record id. */
export async function internalNotesOf(db: Executor, entity: InternalNoteEntity, ids: readonly number[]) {
  const byId = new Map<number, InternalNote[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ note: internalNotes, firstName: users.firstName, lastName: users.lastName })
    .from(internalNotes)
    .leftJoin(users, eq(users.id, internalNotes.authorId))
    .where(and(eq(internalNotes.entityType, entity), inArray(internalNotes.entityId, [...ids])))
    .orderBy(asc(internalNotes.entityId), asc(internalNotes.id));
  for (const r of rows) {
    const list = byId.get(r.note.entityId) ?? [];
    list.push({
      id: r.note.id,
      body: r.note.body,
      authorName: r.firstName ? `${r.firstName} ${r.lastName}` : null,
      createdAt: r.note.createdAt.toISOString(),
    });
    byId.set(r.note.entityId, list);
  }
  for (const [id, list] of byId) if (list.length > NOTES_PER_RECORD) byId.set(id, list.slice(-NOTES_PER_RECORD));
  return byId;
}

async function recordExists(db: Executor, entity: InternalNoteEntity, id: number) {
  const table = entity === 'package' ? packages : shipments;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}

/** Adds a staff member's note to a package or shipment (404 when there is no such record), audited with it. */
export async function addInternalNote(db: Executor, entity: InternalNoteEntity, id: number, authorId: number, body: string) {
  return db.transaction(async (tx) => {
    if (!(await recordExists(tx, entity, id))) throw notFound(missing[entity]);
    const [note] = await tx.insert(internalNotes).values({ entityType: entity, entityId: id, authorId, body }).returning();
    if (!note) throw new Error('The note was not stored');
    await recordAudit(tx, { actorId: authorId, action: 'note.added', entityType: entity, entityId: id, after: { internalNote: body } });
    const [author] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, authorId));
    return {
      id: note.id,
      body: note.body,
      authorName: author ? `${author.firstName} ${author.lastName}` : null,
      createdAt: note.createdAt.toISOString(),
    } satisfies InternalNote;
  });
}
