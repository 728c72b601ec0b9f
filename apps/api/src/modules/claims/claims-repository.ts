import { type ClaimPhoto, type ClaimResolution, claimPhotoPath } from '@hopbox/contracts/claims';
import { CLAIM_LIFECYCLE, type ClaimStatus, canMove } from '@hopbox/contracts/lifecycles';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { claimMessages, claimPhotos, claims, packages, shipments, users } from '../../db/schema.ts';
import type { PageRequest } from '../packages/packages-repository.ts';

/** The shipment a claim is about: its own, or its package's. */
const packageShipments = alias(shipments, 'package_shipments');

/** The columns a claim answer is read from: its own, its package's Hopbox ID and its shipment's reference. */
const claimColumns = {
  claim: claims,
  hopboxId: packages.hopboxId,
  shipmentId: sql<number | null>`coalesce(${claims.shipmentId}, ${packages.shipmentId})`,
  shipmentRef: sql<string | null>`coalesce(${shipments.shipmentId}, ${packageShipments.shipmentId})`,
};

export type ClaimRow = typeof claims.$inferSelect;
export interface ClaimRead {
  claim: ClaimRow;
  hopboxId: string | null;
  shipmentId: number | null;
  shipmentRef: string | null;
}

function readQuery(db: Executor) {
  return db
    .select(claimColumns)
    .from(claims)
    .leftJoin(packages, eq(packages.id, claims.packageId))
    .leftJoin(shipments, eq(shipments.id, claims.shipmentId))
    .leftJoin(packageShipments, eq(packageShipments.id, packages.shipmentId))
    .$dynamic();
}

export type NewClaim = Pick<
  typeof claims.$inferInsert,
  'userId' | 'packageId' | 'shipmentId' | 'type' | 'description' | 'amountMinor' | 'currency'
>;

/**
 * Files a claim, unless its package or shipment already has an open one: the partial unique indexes decide, so of two
 * filed at the same moment one is made. Answers the new id, or undefined when another was open.
 */
export async function insertClaim(db: Executor, values: NewClaim) {
  const [row] = await db.insert(claims).values(values).onConflictDoNothing().returning({ id: claims.id });
  return row?.id;
}

/** One claim with its subjects' references: the customer's own (`userId`), or any for staff. */
export async function findClaim(db: Executor, id: number, userId?: number): Promise<ClaimRead | undefined> {
  const [row] = await readQuery(db).where(and(eq(claims.id, id), userId === undefined ? undefined : eq(claims.userId, userId)));
  return row;
}

/** The customer's claims, newest first: one page and the count (along claims_user_created_idx). */
export async function listCustomerClaims(db: Executor, userId: number, page: PageRequest) {
  const where = eq(claims.userId, userId);
  return pageWithTotal(
    readQuery(db).where(where).orderBy(desc(claims.createdAt), desc(claims.id)),
    db.select({ n: count() }).from(claims).where(where),
    page,
  );
}

/**
 * When the customer answered staff's question, for a claim whose newest message is the customer's (null otherwise):
 * one step back along claim_messages_claim_idx per claim.
 */
const answeredAt = sql`(select case when ${claimMessages.fromRole} = 'customer' then ${claimMessages.createdAt} end from ${claimMessages} where ${claimMessages.claimId} = ${claims.id} order by ${claimMessages.id} desc limit 1)`;

/**
 * The warehouse's queue, oldest first, whole or of one status: one page with each claim's customer, and the count.
 * Within OPEN the claims customers answered (NEEDS_INFO back to OPEN) come first, the longest waiting answer first:
 * staff asked for it, so it is the next look. OPEN claims are few, so reading each one's newest message is cheap; the
 * other views keep the index's order.
 */
export async function listQueue(db: Executor, status: ClaimStatus | undefined, page: PageRequest) {
  const where: SQL | undefined = status ? eq(claims.status, status) : undefined;
  const order =
    status === 'OPEN'
      ? [sql`${answeredAt} asc nulls last`, asc(claims.createdAt), asc(claims.id)]
      : [asc(claims.createdAt), asc(claims.id)];
  return pageWithTotal(
    db
      .select({ ...claimColumns, firstName: users.firstName, lastName: users.lastName, lockerNumber: users.lockerNumber })
      .from(claims)
      .innerJoin(users, eq(users.id, claims.userId))
      .leftJoin(packages, eq(packages.id, claims.packageId))
      .leftJoin(shipments, eq(shipments.id, claims.shipmentId))
      .leftJoin(packageShipments, eq(packageShipments.id, packages.shipmentId))
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    db.select({ n: count() }).from(claims).where(where),
    page,
  );
}

/** The claim's customer, named for staff. */
export async function customerOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, lockerNumber: users.lockerNumber })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type NewPhoto = Omit<typeof claimPhotos.$inferInsert, 'id' | 'createdAt'>;

export async function insertPhotos(db: Executor, rows: NewPhoto[]) {
  if (rows.length > 0) await db.insert(claimPhotos).values(rows);
}

export async function insertMessage(
  db: Executor,
  values: { claimId: number; authorId: number; fromRole: 'customer' | 'staff'; body: string; status: ClaimStatus },
) {
  const [row] = await db.insert(claimMessages).values(values).returning({ id: claimMessages.id });
  return row?.id as number;
}

type PhotoRow = typeof claimPhotos.$inferSelect;

export function toPhoto(row: PhotoRow, side: 'user' | 'staff'): ClaimPhoto {
  const url = claimPhotoPath(row.id, side);
  return {
    id: row.id,
    fileName: row.fileName,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    url,
    thumbnailUrl: row.thumbnailKey ? `${url}?thumbnail=1` : null,
  };
}

/** The photos and messages of these claims, in the order they came. */
export async function threadsOf(db: Executor, claimIds: number[]) {
  if (claimIds.length === 0) return { photos: [], messages: [] };
  const [photos, messages] = await Promise.all([
    db.select().from(claimPhotos).where(inArray(claimPhotos.claimId, claimIds)).orderBy(asc(claimPhotos.id)),
    db.select().from(claimMessages).where(inArray(claimMessages.claimId, claimIds)).orderBy(asc(claimMessages.id)),
  ]);
  return { photos, messages };
}

/** A claim's photo: the customer's own (`userId`), or any for staff. */
export async function findPhoto(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select({ photo: claimPhotos })
    .from(claimPhotos)
    .innerJoin(claims, eq(claims.id, claimPhotos.claimId))
    .where(and(eq(claimPhotos.id, id), userId === undefined ? undefined : eq(claims.userId, userId)));
  return row?.photo;
}

/** How long a decision's hold lasts: a process that stopped while the provider refunded lets go of it then. */
const notHeld = sql`(${claims.decidingAt} is null or ${claims.decidingAt} < now() - interval '10 minutes')`;

/**
 * The one move of a claim: only a move CLAIM_LIFECYCLE allows, and a compare and set on the status it was read in,
 * so of two moves at once one wins; a claim another decision holds (its refund being made) does not move, unless
 * `held` says this move is that decision's. `set` is written alongside. Answers whether it moved.
 */
export async function moveClaim(
  db: Executor,
  id: number,
  from: ClaimStatus,
  to: ClaimStatus,
  set: { resolution?: ClaimResolution; resolvedMinor?: number; correctedWeight?: string; handledBy?: number } = {},
  held = false,
) {
  if (!canMove(CLAIM_LIFECYCLE, from, to)) return false;
  const moved = await db
    .update(claims)
    .set({ ...set, status: to, decidingAt: null })
    .where(and(eq(claims.id, id), eq(claims.status, from), held ? isNotNull(claims.decidingAt) : notHeld))
    .returning({ id: claims.id });
  return moved.length === 1;
}

/**
 * Holds the claim for one decision whose effect is outside the database (a provider's refund), by the database's
 * clock: only while it is in `from` and no other decision holds it. Answers whether this one holds it.
 */
export async function holdForDecision(db: Executor, id: number, from: ClaimStatus) {
  const held = await db
    .update(claims)
    .set({ decidingAt: sql`now()` })
    .where(and(eq(claims.id, id), eq(claims.status, from), notHeld))
    .returning({ id: claims.id });
  return held.length === 1;
}

export async function releaseDecision(db: Executor, id: number) {
  await db.update(claims).set({ decidingAt: null }).where(eq(claims.id, id));
}

/** What approved claims on this shipment (or its packages) have refunded already, in minor units. */
export async function refundedByClaims(db: Executor, shipmentId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${claims.resolvedMinor}), 0)`.mapWith(Number) })
    .from(claims)
    .leftJoin(packages, eq(packages.id, claims.packageId))
    .where(and(eq(claims.resolution, 'REFUND'), or(eq(claims.shipmentId, shipmentId), eq(packages.shipmentId, shipmentId))));
  return row?.n ?? 0;
}

/**
 * A wrong weight approved: the package's corrected weight, only while no payment holds it and it is in no paid
 * shipment (what was paid for must not change). Answers whether it changed.
 */
export async function reweighPackage(db: Executor, packageId: number, weight: number) {
  const unpaid = sql`(${packages.shipmentId} is null or exists (select 1 from ${shipments} where ${shipments.id} = ${packages.shipmentId} and ${shipments.paymentStatus} = 'Unpaid' and ${shipments.openPaymentId} is null))`;
  const changed = await db
    .update(packages)
    .set({ packageWeight: String(weight) })
    .where(and(eq(packages.id, packageId), isNull(packages.openPaymentId), isNull(packages.leftAt), unpaid))
    .returning({ id: packages.id });
  return changed.length === 1;
}
