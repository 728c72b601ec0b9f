import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { canMove } from '@hopbox/contracts/lifecycles';
import { LIST_COUNT_CAP } from '@hopbox/contracts/pages';
import {
  OPEN_PHOTO_REQUEST_STATUSES,
  PHOTO_REQUEST_LIFECYCLE,
  PHOTO_REQUEST_STATUSES,
  type PhotoRequest,
  type PhotoRequestPriority,
  type PhotoRequestStatus,
  type PhotoRequestType,
  type StaffPhotoRequest,
} from '@hopbox/contracts/photo-requests';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { queueSize } from '../../db/paging.ts';
import { attachments, openPhotoRequest, packages, photoQueueRank, photoRequests, users } from '../../db/schema.ts';
import { anyContains, containsPattern } from '../../db/search.ts';
import type { PageRequest } from '../packages/packages-repository.ts';

/** Attachment count and first photo come from correlated subqueries, so a list is one query. */
const attachmentCount = sql<number>`(select count(*)::int from ${attachments} where ${attachments.photoRequestId} = ${photoRequests.id})`;
const firstAttachmentId = sql<
  number | null
>`(select min(${attachments.id}) from ${attachments} where ${attachments.photoRequestId} = ${photoRequests.id})`;
const firstAttachmentName = sql<
  string | null
>`(select ${attachments.fileName} from ${attachments} where ${attachments.photoRequestId} = ${photoRequests.id} order by ${attachments.id} limit 1)`;

const selection = {
  request: photoRequests,
  hopboxId: packages.hopboxId,
  shipper: packages.shipper,
  content: packages.packageContent,
  receivedDate: packages.receivedDate,
  // A photo request is of a customer's package, which always has its locker.
  lockerNumber: sql<string>`${packages.lockerNumber}`,
  location: packages.location,
  firstName: users.firstName,
  lastName: users.lastName,
  attachmentCount,
  firstAttachmentId,
  firstAttachmentName,
};

type SelectedRow = {
  request: typeof photoRequests.$inferSelect;
  hopboxId: string;
  shipper: string;
  content: string;
  receivedDate: Date;
  lockerNumber: string;
  location: string | null;
  firstName: string;
  lastName: string;
  attachmentCount: number;
  firstAttachmentId: number | null;
  firstAttachmentName: string | null;
};

export const attachmentDownloadPath = (id: number) => `/api/photo-request-attachments/${id}/download`;

function toPhotoRequest(r: SelectedRow): PhotoRequest {
  const q = r.request;
  return {
    id: q.id,
    packageId: q.packageId,
    shipmentId: r.hopboxId,
    orderId: q.orderId ?? `PR${String(q.id).padStart(6, '0')}`,
    shipper: r.shipper,
    content: r.content,
    receivedDate: new Date(r.receivedDate).toISOString(),
    requestedDate: q.requestedDate.toISOString(),
    requestedState: q.status,
    lockerNumber: r.lockerNumber,
    customerName: `${r.firstName} ${r.lastName}`,
    notes: q.notes,
    staffNotes: q.staffNotes,
    status: q.status as PhotoRequestStatus,
    priority: q.priority as PhotoRequestPriority,
    requestType: q.requestType as PhotoRequestType,
    completedDate: q.completedDate ? q.completedDate.toISOString() : null,
    attachmentCount: Number(r.attachmentCount),
    imagePath: r.firstAttachmentId ? attachmentDownloadPath(Number(r.firstAttachmentId)) : null,
    imageName: r.firstAttachmentName,
  };
}

/** The warehouse's view: the customer's fields and the package's shelf. */
const toStaffPhotoRequest = (r: SelectedRow): StaffPhotoRequest => ({ ...toPhotoRequest(r), location: r.location });

function baseQuery<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...selection, ...(extra as Extra) })
    .from(photoRequests)
    .innerJoin(packages, eq(packages.id, photoRequests.packageId))
    .innerJoin(users, eq(users.id, photoRequests.userId));
}

export interface PhotoRequestFilter {
  userId?: number;
  id?: number;
  statuses?: PhotoRequestStatus[];
  priority?: PhotoRequestPriority;
  requestType?: PhotoRequestType;
  orderId?: string;
  packageId?: number;
  q?: string;
}

function where(filter: PhotoRequestFilter) {
  const c: (SQL | undefined)[] = [];
  if (filter.userId !== undefined) c.push(eq(photoRequests.userId, filter.userId));
  if (filter.id !== undefined) c.push(eq(photoRequests.id, filter.id));
  if (filter.statuses?.length) c.push(inArray(photoRequests.status, filter.statuses));
  if (filter.priority) c.push(eq(photoRequests.priority, filter.priority));
  if (filter.requestType) c.push(eq(photoRequests.requestType, filter.requestType));
  if (filter.orderId) c.push(eq(photoRequests.orderId, filter.orderId));
  if (filter.packageId !== undefined) c.push(eq(photoRequests.packageId, filter.packageId));
  if (filter.q) {
    const p = containsPattern(filter.q);
    c.push(anyContains(p, packages.hopboxId, packages.shipper, packages.packageContent, photoRequests.orderId, photoRequests.notes));
  }
  return and(...c);
}

const newestFirst = [desc(photoRequests.requestedDate), desc(photoRequests.id)];

/**
 * One page of the customer's requests, newest first, and how many match (decision 078). The page's ids are read
 * first, in order off the customer's (user, requested date, id) index, and only those rows are joined to their
 * package and customer and given their photos; the count rides on the page as a subquery PostgreSQL runs once, and
 * is asked alone only when the page is empty. The search's fields are the package's, so only a search joins it.
 */
export async function pageOfPhotoRequests(db: Executor, filter: PhotoRequestFilter & { userId: number }, page: PageRequest) {
  const condition = where(filter);
  const matching = <Q extends PgSelect>(query: Q) =>
    (filter.q ? query.innerJoin(packages, eq(packages.id, photoRequests.packageId)) : query).where(condition);
  const pageIds = matching(db.select({ id: photoRequests.id }).from(photoRequests).$dynamic())
    .orderBy(...newestFirst)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const counted = matching(db.select({ n: count() }).from(photoRequests).$dynamic());
  // `= any(array(…))`, not `in (…)`: with the 500 ids of a whole list PostgreSQL would hash them and scan every request.
  const rows = await baseQuery(db, { total: sql<number>`${counted}`.mapWith(Number) })
    .where(sql`${photoRequests.id} = any(array${pageIds})`)
    .orderBy(...newestFirst);
  const total = rows[0]?.total ?? (page.page > 1 ? ((await counted)[0]?.n ?? 0) : 0);
  return { items: rows.map(toPhotoRequest), total };
}

/** Customers see their requests newest first. */
export async function listPhotoRequests(db: Executor, filter: PhotoRequestFilter, limit = LIST_MAX_ROWS) {
  const rows = await baseQuery(db)
    .where(where(filter))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toPhotoRequest);
}

export async function findPhotoRequest(db: Executor, filter: PhotoRequestFilter): Promise<PhotoRequest | undefined> {
  const [row] = await baseQuery(db).where(where(filter)).limit(1);
  return row && toPhotoRequest(row);
}

/** Which requests, in which order: a part of the queue as its pages are read, or as it is counted. */
interface QueueRead {
  where: SQL | undefined;
  order: SQL[];
}

/**
 * The ids of the requests a read names, in its order; the packages are joined only when the filter searches their
 * fields (every request has its package), so the read stays on the queue's own indexes.
 */
function idsOf(db: Executor, filter: PhotoRequestFilter, read: QueueRead) {
  const ids = db.select({ id: photoRequests.id }).from(photoRequests).$dynamic();
  return (filter.q ? ids.innerJoin(packages, eq(packages.id, photoRequests.packageId)) : ids).where(read.where).orderBy(...read.order);
}

/** How many requests a read names, counting no further than `upTo`: the database stops at the next one. */
async function countUpTo(db: Executor, filter: PhotoRequestFilter, read: QueueRead, upTo: number) {
  const matching = idsOf(db, filter, read)
    .limit(upTo + 1)
    .as('matching');
  const [counted] = await db.select({ n: count() }).from(matching);
  return counted?.n ?? 0;
}

/**
 * One page of the warehouse's queue: the open requests most urgent and oldest first, then (when the filter asks for
 * them) the closed ones newest first, with the count up to LIST_COUNT_CAP (decision 077). Each part is read in its
 * order off its own partial index (photo_requests_queue_idx and photo_requests_closed_idx, decision 073). The parts
 * are counted first, which says where the page falls: within the open part, across its end (the page goes on with
 * the closed part from its start), or past it (skipping as many closed requests as the open part leaves behind).
 * Each part's page is then read by its ids first, and only those rows are joined to their package, customer and
 * photos: an offset skips index entries, never rows with their joins.
 */
export async function listStaffPhotoRequests(db: Executor, filter: PhotoRequestFilter, page: PageRequest) {
  const statuses = filter.statuses?.length ? filter.statuses : PHOTO_REQUEST_STATUSES;
  const openAsked = statuses.filter((s) => isOpenStatus(s));
  const closedAsked = statuses.filter((s) => !isOpenStatus(s));
  // Each part names its statuses once: the whole side as the partial index's own condition, or the few asked for,
  // which imply it. Both at once, PostgreSQL multiplies their selectivities, expects a few hundred open requests where
  // there are thousands, and sorts them all instead of reading the queue's index in order.
  const covers = (asked: PhotoRequestStatus[], all: readonly string[]) => all.every((s) => asked.includes(s as PhotoRequestStatus));
  const side = (asked: PhotoRequestStatus[], all: readonly string[], condition: SQL) =>
    covers(asked, all) ? and(where({ ...filter, statuses: undefined }), condition) : where({ ...filter, statuses: asked });
  const open: QueueRead | undefined = openAsked.length
    ? {
        where: side(openAsked, OPEN_PHOTO_REQUEST_STATUSES, openPhotoRequest(photoRequests)),
        order: [photoQueueRank, asc(photoRequests.requestedDate), asc(photoRequests.id)],
      }
    : undefined;
  const closed: QueueRead | undefined = closedAsked.length
    ? {
        where: side(closedAsked, CLOSED_STATUSES, sql`not (${openPhotoRequest(photoRequests)})`),
        order: [desc(photoRequests.requestedDate), desc(photoRequests.id)],
      }
    : undefined;
  // A part is counted by the statuses it names, in no order: an index-only read of the (status, priority, date) or
  // the (customer, status) index. Every closed request unfiltered is nearly the whole table, which PostgreSQL would
  // rather scan than read through an index until it meets the cap: that one is counted in its order, off its index.
  const byStatuses = (asked: PhotoRequestStatus[]): QueueRead => ({ where: where({ ...filter, statuses: asked }), order: [] });
  const everyClosed = closed && covers(closedAsked, CLOSED_STATUSES) && !where({ ...filter, statuses: undefined });
  const offset = (page.page - 1) * page.pageSize;
  const end = offset + page.pageSize;

  // The open part is counted at least as far as the page's end: under that, the count is exact and says where the
  // closed part starts; past it, the page lies within the open part.
  // The whole open queue, asked for by far the most, has its size kept by the database (decision 091).
  const wholeOpenQueue = covers(openAsked, OPEN_PHOTO_REQUEST_STATUSES) && !where({ ...filter, statuses: undefined });
  const [openCount, closedCount] = await Promise.all([
    !open ? 0 : wholeOpenQueue ? openQueueSize(db) : countUpTo(db, filter, byStatuses(openAsked), Math.max(LIST_COUNT_CAP, end)),
    closed ? countUpTo(db, filter, everyClosed ? closed : byStatuses(closedAsked), LIST_COUNT_CAP) : 0,
  ]);
  const openOnPage = Math.min(Math.max(openCount - offset, 0), page.pageSize);
  const rowsOf = (part: QueueRead, limit: number, from: number) =>
    baseQuery(db)
      // The ids as an array, not a set to join: PostgreSQL reads each row by its key, wherever the table is small.
      .where(sql`${photoRequests.id} = any(array(${idsOf(db, filter, part).limit(limit).offset(from)}))`)
      .orderBy(...part.order);
  const [openRows, closedRows] = await Promise.all([
    open && openOnPage > 0 ? rowsOf(open, page.pageSize, offset) : [],
    closed && openOnPage < page.pageSize ? rowsOf(closed, page.pageSize - openOnPage, Math.max(0, offset - openCount)) : [],
  ]);
  const items = [...openRows, ...closedRows].map(toStaffPhotoRequest);
  const total = openCount + closedCount;
  return total > LIST_COUNT_CAP ? { items, total: LIST_COUNT_CAP, totalCapped: true } : { items, total, totalCapped: false };
}

async function openQueueSize(db: Executor) {
  const [kept] = await queueSize(db, 'open_photo_requests');
  return kept?.n ?? 0;
}

const isOpenStatus = (status: PhotoRequestStatus) => (OPEN_PHOTO_REQUEST_STATUSES as readonly string[]).includes(status);
const CLOSED_STATUSES = PHOTO_REQUEST_STATUSES.filter((s) => !isOpenStatus(s));

/** Any customer's request as the warehouse sees it, with its package's shelf. */
export async function findStaffPhotoRequest(db: Executor, id: number): Promise<StaffPhotoRequest | undefined> {
  const [row] = await baseQuery(db).where(where({ id })).limit(1);
  return row && toStaffPhotoRequest(row);
}

export async function countByStatus(db: Executor, userId: number) {
  const rows = await db
    .select({ status: photoRequests.status, n: count() })
    .from(photoRequests)
    .where(eq(photoRequests.userId, userId))
    .groupBy(photoRequests.status);
  const byStatus = Object.fromEntries(PHOTO_REQUEST_STATUSES.map((s) => [s, 0])) as Record<PhotoRequestStatus, number>;
  for (const r of rows) byStatus[r.status as PhotoRequestStatus] = r.n;
  return byStatus;
}

/** A new request with its order reference (PR + the zero-padded id); receipt photos arrive already completed. */
export async function insertPhotoRequest(
  db: Executor,
  values: {
    userId: number;
    packageId: number;
    requestType: PhotoRequestType;
    priority: PhotoRequestPriority;
    notes: string | null;
    status?: PhotoRequestStatus;
    staffNotes?: string;
    handledBy?: number;
    requestedDate?: Date;
    completedDate?: Date;
  },
) {
  const [row] = await db.insert(photoRequests).values(values).returning({ id: photoRequests.id });
  if (!row) throw new Error('insert returned nothing');
  await db
    .update(photoRequests)
    .set({ orderId: `PR${String(row.id).padStart(6, '0')}` })
    .where(eq(photoRequests.id, row.id));
  return row.id;
}

export async function hasOpenRequest(db: Executor, packageId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(photoRequests)
    .where(and(eq(photoRequests.packageId, packageId), inArray(photoRequests.status, [...OPEN_PHOTO_REQUEST_STATUSES])));
  return (row?.n ?? 0) > 0;
}

/**
 * The one move of a photo request's status: allowed by PHOTO_REQUEST_LIFECYCLE, and made only if the request is
 * still in `from` (compare and set), so two staff members cannot both act on it and a move into COMPLETED, which
 * mails the customer, happens once. A move to the same status changes only the notes.
 */
export async function moveStatus(
  db: Executor,
  id: number,
  from: PhotoRequestStatus,
  to: PhotoRequestStatus,
  extra: { staffNotes?: string | null; handledBy?: number } = {},
) {
  if (from !== to && !canMove(PHOTO_REQUEST_LIFECYCLE, from, to)) return false;
  const rows = await db
    .update(photoRequests)
    .set({
      status: to,
      ...(extra.staffNotes !== undefined ? { staffNotes: extra.staffNotes } : {}),
      ...(extra.handledBy !== undefined ? { handledBy: extra.handledBy } : {}),
      ...(to === 'COMPLETED' ? { completedDate: new Date() } : {}),
    })
    .where(and(eq(photoRequests.id, id), eq(photoRequests.status, from)))
    .returning({ id: photoRequests.id });
  return rows.length === 1;
}

export type AttachmentRow = typeof attachments.$inferSelect;

export async function listAttachments(db: Executor, photoRequestId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.photoRequestId, photoRequestId))
    .orderBy(asc(attachments.id))
    .limit(LIST_MAX_ROWS);
}

/** The photos taken at receipt of a package, in upload order. */
export async function listReceiptPhotos(db: Executor, packageId: number): Promise<AttachmentRow[]> {
  return db.select().from(attachments).where(eq(attachments.packageId, packageId)).orderBy(asc(attachments.id)).limit(LIST_MAX_ROWS);
}

/** The attachment with its owner (the request's, or the package's for a receipt photo), for the download permission check. */
export async function findAttachment(db: Executor, id: number) {
  const [row] = await db
    .select({ attachment: attachments, ownerId: sql<number | null>`coalesce(${photoRequests.userId}, ${packages.userId})` })
    .from(attachments)
    .leftJoin(photoRequests, eq(photoRequests.id, attachments.photoRequestId))
    .leftJoin(packages, eq(packages.id, attachments.packageId))
    .where(eq(attachments.id, id))
    .limit(1);
  return row;
}

export async function insertAttachment(db: Executor, values: Omit<typeof attachments.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await db.insert(attachments).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function photoRequestOwnerId(db: Executor, id: number) {
  const [row] = await db.select({ userId: photoRequests.userId }).from(photoRequests).where(eq(photoRequests.id, id)).limit(1);
  return row?.userId;
}
