import { type PreAlert, type PreAlertInput, preAlertInvoicePath, trackingKey } from '@hopbox/contracts/arrivals';
import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal, queueSize } from '../../db/paging.ts';
import { packages, preAlerts, users } from '../../db/schema.ts';
import type { PageRequest } from './packages-repository.ts';

type PreAlertValues = Omit<Required<PreAlertInput>, 'declaredValue' | 'expectedDate' | 'notes'> & {
  declaredValue?: number | null;
  expectedDate?: string | null;
  notes?: string | null;
};

const preAlertColumns = {
  id: preAlerts.id,
  trackingNumber: preAlerts.trackingNumber,
  retailer: preAlerts.retailer,
  content: preAlerts.content,
  declaredValue: preAlerts.declaredValue,
  currency: preAlerts.currency,
  expectedDate: preAlerts.expectedDate,
  notes: preAlerts.notes,
  packageId: preAlerts.packageId,
  invoiceName: preAlerts.invoiceName,
  invoiceMimeType: preAlerts.invoiceMimeType,
  invoiceSize: preAlerts.invoiceSize,
  createdAt: preAlerts.createdAt,
  hopboxId: packages.hopboxId,
  receivedDate: packages.receivedDate,
};

/** Pre-alerts with the package each became, if any. */
const selectPreAlerts = (db: Executor) =>
  db.select(preAlertColumns).from(preAlerts).leftJoin(packages, eq(packages.id, preAlerts.packageId));
type PreAlertRow = Awaited<ReturnType<typeof selectPreAlerts>>[number];

function toPreAlert(r: PreAlertRow): PreAlert {
  return {
    id: r.id,
    trackingNumber: r.trackingNumber,
    retailer: r.retailer,
    content: r.content,
    declaredValue: r.declaredValue === null ? null : Number(r.declaredValue),
    currency: r.currency,
    expectedDate: r.expectedDate,
    notes: r.notes,
    // The status is read from the row, never stored twice: received once a package fulfilled it.
    status: r.packageId === null ? 'EXPECTED' : 'RECEIVED',
    packageId: r.packageId,
    hopboxId: r.hopboxId,
    receivedDate: r.receivedDate?.toISOString() ?? null,
    invoice:
      r.invoiceName && r.invoiceMimeType
        ? { fileName: r.invoiceName, mimeType: r.invoiceMimeType, fileSize: r.invoiceSize ?? 0, url: preAlertInvoicePath(r.id) }
        : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * How many parcels the customer has announced and not yet received, counted while holding their row, so two
 * pre-alerts added at once are counted one after the other (call inside a transaction).
 */
export async function lockOpenPreAlertCount(db: Executor, userId: number): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [row] = await db
    .select({ open: count() })
    .from(preAlerts)
    .where(and(eq(preAlerts.userId, userId), isNull(preAlerts.packageId)));
  return row?.open ?? 0;
}

/**
 * Records a pre-alert, or answers undefined when the customer already has an open one for the same tracking
 * number: the partial unique index decides, so two requests at once cannot both add it.
 */
export async function insertPreAlert(db: Executor, userId: number, input: PreAlertValues): Promise<PreAlert | undefined> {
  const [row] = await db
    .insert(preAlerts)
    .values({
      userId,
      trackingNumber: input.trackingNumber,
      trackingKey: trackingKey(input.trackingNumber),
      retailer: input.retailer,
      content: input.content,
      declaredValue: input.declaredValue == null ? null : input.declaredValue.toFixed(2),
      currency: input.currency,
      expectedDate: input.expectedDate ?? null,
      notes: input.notes ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: preAlerts.id });
  return row ? findPreAlert(db, userId, row.id) : undefined;
}

export async function findPreAlert(db: Executor, userId: number, id: number): Promise<PreAlert | undefined> {
  const [row] = await selectPreAlerts(db).where(and(eq(preAlerts.id, id), eq(preAlerts.userId, userId)));
  return row && toPreAlert(row);
}

/** The customer's pre-alerts, newest first (at most LIST_MAX_ROWS). */
export async function listPreAlerts(db: Executor, userId: number): Promise<PreAlert[]> {
  const rows = await selectPreAlerts(db)
    .where(eq(preAlerts.userId, userId))
    .orderBy(desc(preAlerts.createdAt), desc(preAlerts.id))
    .limit(LIST_MAX_ROWS);
  return rows.map(toPreAlert);
}

/** Removes the customer's pre-alert while it is still expected; true when one was removed. */
export async function deleteExpectedPreAlert(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(preAlerts)
    .where(and(eq(preAlerts.id, id), eq(preAlerts.userId, userId), isNull(preAlerts.packageId)))
    .returning({ id: preAlerts.id });
  return rows.length === 1;
}

/** The open pre-alerts of a tracking number across every customer, with whose locker each is (a few at most). */
export async function openPreAlertsFor(db: Executor, trackingNumber: string) {
  const rows = await db
    .select({
      id: preAlerts.id,
      userId: preAlerts.userId,
      retailer: preAlerts.retailer,
      content: preAlerts.content,
      declaredValue: preAlerts.declaredValue,
      currency: preAlerts.currency,
      expectedDate: preAlerts.expectedDate,
      hasInvoice: sql<boolean>`${preAlerts.invoiceKey} is not null`,
      firstName: users.firstName,
      lastName: users.lastName,
      lockerNumber: users.lockerNumber,
    })
    .from(preAlerts)
    .innerJoin(users, eq(users.id, preAlerts.userId))
    .where(and(eq(preAlerts.trackingKey, trackingKey(trackingNumber)), isNull(preAlerts.packageId)))
    .orderBy(asc(preAlerts.id))
    .limit(10);
  return rows.map((r) => ({
    ...r,
    customerName: `${r.firstName} ${r.lastName}`,
    lockerNumber: r.lockerNumber ?? '',
    declaredValue: r.declaredValue === null ? null : Number(r.declaredValue),
  }));
}
export type OpenPreAlert = Awaited<ReturnType<typeof openPreAlertsFor>>[number];

/**
 * The pre-alert's one move (PACKAGE_LIFECYCLE, EXPECTED to IN_LOCKER): the package that arrived fulfils it.
 * Compare and set, so a pre-alert is fulfilled by one package only; true when this call did it.
 */
export async function fulfilPreAlert(db: Executor, id: number, packageId: number) {
  const rows = await db
    .update(preAlerts)
    .set({ packageId })
    .where(and(eq(preAlerts.id, id), isNull(preAlerts.packageId)))
    .returning({ id: preAlerts.id });
  return rows.length === 1;
}

/** The customer's open pre-alert of this tracking number, if any (an unidentified parcel assigned to them fulfils it). */
export async function openPreAlertOf(db: Executor, userId: number, trackingNumber: string) {
  const [row] = await db
    .select({ id: preAlerts.id })
    .from(preAlerts)
    .where(and(eq(preAlerts.userId, userId), eq(preAlerts.trackingKey, trackingKey(trackingNumber)), isNull(preAlerts.packageId)))
    .limit(1);
  return row;
}

const unidentified = isNull(packages.userId);

const unidentifiedColumns = {
  id: packages.id,
  hopboxId: packages.hopboxId,
  receivedDate: packages.receivedDate,
  shipper: packages.shipper,
  origin: packages.origin,
  packageContent: packages.packageContent,
  externalTrackingNumber: packages.externalTrackingNumber,
  packageWeight: packages.packageWeight,
  location: packages.location,
};

/** A page of the unidentified parcels, oldest or newest first, off the partial index, with the queue's kept size. */
export async function listUnidentified(db: Executor, order: 'oldest' | 'newest', page: PageRequest) {
  const direction = order === 'oldest' ? asc : desc;
  return pageWithTotal(
    db
      .select(unidentifiedColumns)
      .from(packages)
      .where(unidentified)
      .orderBy(direction(packages.receivedDate), direction(packages.id))
      .$dynamic(),
    queueSize(db, 'unidentified_packages'),
    page,
  );
}

/** An unidentified parcel, locked until the claim or assignment commits (two claims of one parcel take turns). */
export async function lockUnidentified(db: Executor, id: number) {
  const [row] = await db
    .select(unidentifiedColumns)
    .from(packages)
    .where(and(eq(packages.id, id), unidentified))
    .for('update');
  return row;
}

/**
 * The unidentified parcel's one move (PACKAGE_LIFECYCLE, UNIDENTIFIED to IN_LOCKER): into a customer's locker,
 * carrying its handling fee to the shipment it leaves in. Its free storage starts now (decision 060). Compare
 * and set: true when this call moved it.
 */
export async function moveIntoLocker(
  db: Executor,
  id: number,
  owner: { id: number; lockerNumber: string },
  handlingFee: number,
  now: Date,
) {
  const rows = await db
    .update(packages)
    .set({ userId: owner.id, lockerNumber: owner.lockerNumber, handlingFee: handlingFee.toFixed(2), receivedDate: now })
    .where(and(eq(packages.id, id), unidentified))
    .returning({ id: packages.id });
  return rows.length === 1;
}

/** A pre-alert's stored invoice: the customer's own (`userId`), or any for staff (`userId` undefined). */
export async function findInvoice(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select({ key: preAlerts.invoiceKey, name: preAlerts.invoiceName, mimeType: preAlerts.invoiceMimeType })
    .from(preAlerts)
    .where(and(eq(preAlerts.id, id), userId === undefined ? undefined : eq(preAlerts.userId, userId)));
  return row?.key && row.name && row.mimeType ? { key: row.key, name: row.name, mimeType: row.mimeType } : undefined;
}

/**
 * Puts the invoice on the customer's pre-alert, answering the key of the one it replaces (to delete once this
 * commits), or undefined when the pre-alert is not theirs. The row is locked so two uploads at once take turns.
 */
export async function replaceInvoice(
  db: Executor,
  userId: number,
  id: number,
  invoice: { key: string; name: string; mimeType: string; size: number },
): Promise<{ replaced: string | null } | undefined> {
  const [before] = await db
    .select({ key: preAlerts.invoiceKey })
    .from(preAlerts)
    .where(and(eq(preAlerts.id, id), eq(preAlerts.userId, userId)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(preAlerts)
    .set({ invoiceKey: invoice.key, invoiceName: invoice.name, invoiceMimeType: invoice.mimeType, invoiceSize: invoice.size })
    .where(eq(preAlerts.id, id));
  return { replaced: before.key };
}
