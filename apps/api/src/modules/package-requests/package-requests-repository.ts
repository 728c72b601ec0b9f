import { canMove, PACKAGE_REQUEST_LIFECYCLE, type PackageLeftStatus, type PackageRequestStatus } from '@hopbox/contracts/lifecycles';
import {
  amountDueOf,
  type PackageRequest,
  type PackageRequestPhotoPhase,
  type PackageRequestType,
  packageRequestLabelPath,
  packageRequestPhotoPath,
  type StaffPackageRequest,
} from '@hopbox/contracts/package-requests';
import type { Attachment } from '@hopbox/contracts/photo-requests';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal } from '../../db/paging.ts';
import {
  isOpenPackageRequest,
  packageRequestFees,
  packageRequestPhotos,
  packageRequests,
  packages,
  payments,
  users,
  waitingInLocker,
} from '../../db/schema.ts';
import type { PageRequest } from '../packages/packages-repository.ts';

type RequestRow = typeof packageRequests.$inferSelect;

/** The columns a request answer is read from: the request's own and its package's Hopbox ID. */
const requestColumns = {
  id: packageRequests.id,
  packageId: packageRequests.packageId,
  userId: packageRequests.userId,
  hopboxId: packages.hopboxId,
  type: packageRequests.type,
  status: packageRequests.status,
  notes: packageRequests.notes,
  fee: packageRequests.fee,
  currency: packageRequests.currency,
  labelName: packageRequests.labelName,
  labelMimeType: packageRequests.labelMimeType,
  labelSize: packageRequests.labelSize,
  result: packageRequests.result,
  staffNotes: packageRequests.staffNotes,
  paidAt: packageRequests.paidAt,
  openPaymentId: packageRequests.openPaymentId,
  createdAt: packageRequests.createdAt,
  updatedAt: packageRequests.updatedAt,
};
type RequestRead = Pick<RequestRow, Exclude<keyof typeof requestColumns, 'hopboxId'>> & { hopboxId: string };

export function toPackageRequest(r: RequestRead, side: 'user' | 'staff' = 'user', photos: PhotoRow[] = []): PackageRequest {
  const own = photos.filter((p) => p.requestId === r.id);
  const ofPhase = (phase: PackageRequestPhotoPhase) => own.filter((p) => p.phase === phase).map((p) => toRequestPhoto(p, side));
  const type = r.type as PackageRequestType;
  const status = r.status as PackageRequestStatus;
  return {
    id: r.id,
    packageId: r.packageId,
    hopboxId: r.hopboxId,
    type,
    status,
    notes: r.notes,
    fee: Number(r.fee),
    currency: r.currency,
    label:
      r.labelName && r.labelMimeType
        ? { fileName: r.labelName, mimeType: r.labelMimeType, fileSize: r.labelSize ?? 0, url: packageRequestLabelPath(r.id, side) }
        : null,
    result: (r.result ?? null) as PackageRequest['result'],
    staffNotes: r.staffNotes,
    photos: { before: ofPhase('BEFORE'), after: ofPhase('AFTER') },
    paidAt: r.paidAt?.toISOString() ?? null,
    amountDue: amountDueOf({ type, status, fee: Number(r.fee), paidAt: r.paidAt }),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The customer's package a request is about, locked until the transaction ends (a shipment or payment waits for it). */
export async function lockCustomerPackage(db: Executor, userId: number, packageId: number) {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.userId, userId)))
    .for('update');
  return row;
}

/** Of these packages, those with a request still open (REQUESTED or IN_PROGRESS). */
export async function packagesWithOpenRequest(db: Executor, packageIds: number[]) {
  if (packageIds.length === 0) return [];
  const rows = await db
    .select({ packageId: packageRequests.packageId })
    .from(packageRequests)
    .where(and(inArray(packageRequests.packageId, packageIds), isOpenPackageRequest(packageRequests.status)));
  return rows.map((r) => r.packageId);
}

/** The customer's own package (any state: one that left is history), or undefined. */
export async function findCustomerPackage(db: Executor, userId: number, packageId: number) {
  const [row] = await db
    .select({ id: packages.id, origin: packages.origin })
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.userId, userId)));
  return row;
}

/** The package a staff move works on, locked the same way. */
export async function lockPackage(db: Executor, packageId: number) {
  const [row] = await db.select().from(packages).where(eq(packages.id, packageId)).for('update');
  return row;
}

export type LockedPackage = NonNullable<Awaited<ReturnType<typeof lockPackage>>>;

/** The fee rows of these hosts, by host and type. */
export async function feesOfHosts(db: Executor, hostIds: number[]) {
  const byHost = new Map<number, Map<PackageRequestType, number>>();
  if (hostIds.length === 0) return byHost;
  const rows = await db
    .select({ hostId: packageRequestFees.hostId, type: packageRequestFees.type, fee: packageRequestFees.fee })
    .from(packageRequestFees)
    .where(inArray(packageRequestFees.hostId, hostIds));
  for (const r of rows) {
    const own = byHost.get(r.hostId) ?? new Map<PackageRequestType, number>();
    own.set(r.type as PackageRequestType, Number(r.fee));
    byHost.set(r.hostId, own);
  }
  return byHost;
}

/** Sets a host's fee for one type (one upsert on the host and type). */
export async function upsertFee(db: Executor, hostId: number, type: PackageRequestType, fee: number) {
  await db
    .insert(packageRequestFees)
    .values({ hostId, type, fee: fee.toFixed(2) })
    .onConflictDoUpdate({ target: [packageRequestFees.hostId, packageRequestFees.type], set: { fee: fee.toFixed(2) } });
}

export type NewRequest = Pick<
  typeof packageRequests.$inferInsert,
  'packageId' | 'userId' | 'hostId' | 'type' | 'notes' | 'fee' | 'currency'
> & {
  label?: { key: string; name: string; mimeType: string; size: number };
};

/**
 * Opens a request, unless the package already has an open one: the partial unique index decides, so of two asked
 * at the same moment one is made. Answers the new id, or undefined when another was open.
 */
export async function insertRequest(db: Executor, values: NewRequest) {
  const { label, ...columns } = values;
  const [row] = await db
    .insert(packageRequests)
    .values({
      ...columns,
      labelKey: label?.key,
      labelName: label?.name,
      labelMimeType: label?.mimeType,
      labelSize: label?.size,
    })
    .onConflictDoNothing({ target: packageRequests.packageId, where: isOpenPackageRequest(packageRequests.status) })
    .returning({ id: packageRequests.id });
  return row?.id;
}

/** One request with its package's Hopbox ID: the customer's own (`userId`), or any for staff. */
export async function findRequest(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select(requestColumns)
    .from(packageRequests)
    .innerJoin(packages, eq(packages.id, packageRequests.packageId))
    .where(and(eq(packageRequests.id, id), userId === undefined ? undefined : eq(packageRequests.userId, userId)));
  return row;
}
export type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** A package's requests, newest first: one page and the count. */
export async function listPackageRequests(db: Executor, packageId: number, page: PageRequest) {
  const where = eq(packageRequests.packageId, packageId);
  const { rows, total } = await pageWithTotal(
    db
      .select(requestColumns)
      .from(packageRequests)
      .innerJoin(packages, eq(packages.id, packageRequests.packageId))
      .where(where)
      .orderBy(desc(packageRequests.createdAt), desc(packageRequests.id))
      .$dynamic(),
    db.select({ n: count() }).from(packageRequests).where(where),
    page,
  );
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toPackageRequest(r, 'user', photos)), total };
}

/** The warehouse's queue, oldest first, whole or of one status: one page with each package's place and customer, and the count. */
export async function listQueue(db: Executor, status: PackageRequestStatus | 'OPEN' | undefined, page: PageRequest) {
  const where: SQL | undefined =
    status === 'OPEN' ? isOpenPackageRequest(packageRequests.status) : status ? eq(packageRequests.status, status) : undefined;
  const { rows, total } = await pageWithTotal(
    db
      .select({
        ...requestColumns,
        lockerNumber: packages.lockerNumber,
        location: packages.location,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(packageRequests)
      .innerJoin(packages, eq(packages.id, packageRequests.packageId))
      .innerJoin(users, eq(users.id, packageRequests.userId))
      .where(where)
      .orderBy(asc(packageRequests.createdAt), asc(packageRequests.id))
      .$dynamic(),
    db.select({ n: count() }).from(packageRequests).where(where),
    page,
  );
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  const items: StaffPackageRequest[] = rows.map((r) => ({
    ...toPackageRequest(r, 'staff', photos),
    lockerNumber: r.lockerNumber ?? '',
    location: r.location,
    customerName: `${r.firstName} ${r.lastName}`,
  }));
  return { items, total };
}

/** A request's stored label: the customer's own (`userId`), or any for staff. */
export async function findLabel(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select({ key: packageRequests.labelKey, name: packageRequests.labelName, mimeType: packageRequests.labelMimeType })
    .from(packageRequests)
    .where(
      and(
        eq(packageRequests.id, id),
        isNotNull(packageRequests.labelKey),
        userId === undefined ? undefined : eq(packageRequests.userId, userId),
      ),
    );
  return row?.key && row.name && row.mimeType ? { key: row.key, name: row.name, mimeType: row.mimeType } : undefined;
}

/**
 * The one move of a request: only a move PACKAGE_REQUEST_LIFECYCLE allows, and a compare and set on the status it
 * was read in, so of two staff moving it at once one wins. Answers whether it moved.
 */
export async function moveRequest(
  db: Executor,
  id: number,
  from: PackageRequestStatus,
  to: PackageRequestStatus,
  values: { staffNotes?: string | null; result?: Record<string, unknown> | null; handledBy?: number } = {},
) {
  if (!canMove(PACKAGE_REQUEST_LIFECYCLE, from, to)) return false;
  const moved = await db
    .update(packageRequests)
    .set({ status: to, ...values })
    .where(and(eq(packageRequests.id, id), eq(packageRequests.status, from)))
    .returning({ id: packageRequests.id });
  return moved.length === 1;
}

/** What the work produced, recorded on the request its move finished. */
export async function saveResult(db: Executor, id: number, result: Record<string, unknown>) {
  await db.update(packageRequests).set({ result }).where(eq(packageRequests.id, id));
}

/**
 * A repack's or removed packaging's effect: the package's new weight and size, and the services' fees it now carries
 * (AED), which its next price reads.
 */
export async function remeasurePackage(
  db: Executor,
  id: number,
  size: { packageWeight: number; packageLength: number; packageBreadth: number; packageHeight: number },
  serviceFee: number,
) {
  await db
    .update(packages)
    .set({
      packageWeight: String(size.packageWeight),
      packageLength: String(size.packageLength),
      packageBreadth: String(size.packageBreadth),
      packageHeight: String(size.packageHeight),
      serviceFee: serviceFee.toFixed(2),
    })
    .where(eq(packages.id, id));
}

/**
 * The package's move out of the locker (PACKAGE_LIFECYCLE, IN_LOCKER to RETURNED, DISCARDED or SPLIT): compare
 * and set, only while it waits in a customer's locker and no open payment holds it. Answers whether it moved.
 */
export async function moveOutOfLocker(db: Executor, id: number, leftAs: PackageLeftStatus, at: Date) {
  const moved = await db
    .update(packages)
    .set({ leftAt: at, leftAs })
    .where(and(eq(packages.id, id), isNotNull(packages.userId), waitingInLocker(packages), isNull(packages.openPaymentId)))
    .returning({ id: packages.id });
  return moved.length === 1;
}

type PhotoRow = typeof packageRequestPhotos.$inferSelect;
export type NewRequestPhoto = Omit<typeof packageRequestPhotos.$inferInsert, 'id' | 'createdAt'>;

/** A request's photo as answered, in the photo strip's shape: read at the customer's or at staff's path. */
function toRequestPhoto(row: PhotoRow, side: 'user' | 'staff'): Attachment {
  const url = packageRequestPhotoPath(row.id, side);
  return {
    id: row.id,
    fileName: row.fileName,
    originalFileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    fileUrl: url,
    thumbnailUrl: row.thumbnailKey ? `${url}?thumbnail=1` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertPhotos(db: Executor, rows: NewRequestPhoto[]) {
  if (rows.length > 0) await db.insert(packageRequestPhotos).values(rows);
}

/** The photos of these requests, in the order they were taken. */
export async function photosOf(db: Executor, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(packageRequestPhotos)
    .where(inArray(packageRequestPhotos.requestId, requestIds))
    .orderBy(asc(packageRequestPhotos.id));
}

/** A request's photo: of the customer's own request (`userId`), or any for staff. */
export async function findPhoto(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select({ photo: packageRequestPhotos })
    .from(packageRequestPhotos)
    .innerJoin(packageRequests, eq(packageRequests.id, packageRequestPhotos.requestId))
    .where(and(eq(packageRequestPhotos.id, id), userId === undefined ? undefined : eq(packageRequests.userId, userId)));
  return row?.photo;
}

/** The parcels a split of this package made, in the order they were made (its result's order). */
export async function parcelsSplitFrom(db: Executor, packageId: number) {
  const rows = await db.select({ id: packages.id }).from(packages).where(eq(packages.splitFromId, packageId)).orderBy(asc(packages.id));
  return rows.map((r) => r.id);
}

/**
 * A request's fee paid by this payment (decision 068), once: only while the request still waits (REQUESTED) unpaid.
 * Answers false when it was refused, withdrawn or paid meanwhile: the payment then pays for nothing.
 */
export async function markRequestPaid(db: Executor, id: number, paymentId: number, at: Date) {
  const paid = await db
    .update(packageRequests)
    .set({ paidAt: at, paymentId })
    .where(and(eq(packageRequests.id, id), eq(packageRequests.status, 'REQUESTED'), isNull(packageRequests.paidAt)))
    .returning({ id: packageRequests.id });
  return paid.length === 1;
}

/** The payment that paid a request's fee, read in the caller's transaction (after its move), or undefined. */
export async function paymentOfRequest(db: Executor, id: number) {
  const [row] = await db
    .select({ payment: payments })
    .from(packageRequests)
    .innerJoin(payments, eq(payments.id, packageRequests.paymentId))
    .where(eq(packageRequests.id, id));
  return row?.payment;
}

/**
 * The customer's withdrawal (REQUESTED to CANCELLED in PACKAGE_REQUEST_LIFECYCLE): one compare and set, only while
 * the request waits, unpaid, with no payment open for it. Answers whether it moved.
 */
export async function withdrawRequest(db: Executor, id: number, userId: number) {
  if (!canMove(PACKAGE_REQUEST_LIFECYCLE, 'REQUESTED', 'CANCELLED')) return false;
  const moved = await db
    .update(packageRequests)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(packageRequests.id, id),
        eq(packageRequests.userId, userId),
        eq(packageRequests.status, 'REQUESTED'),
        isNull(packageRequests.paidAt),
        isNull(packageRequests.openPaymentId),
      ),
    )
    .returning({ id: packageRequests.id });
  return moved.length === 1;
}
