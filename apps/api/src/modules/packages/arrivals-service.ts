import {
  type ArrivalMatch,
  arrivalsMessages,
  daysWaiting,
  disposalDateOf,
  PRE_ALERT_OPEN_MAX,
  type PreAlertInput,
  type PublicUnidentified,
  preAlertInvoicePath,
  type StaffUnidentified,
  trackingKey,
  trackingLast4,
} from '@hopbox/contracts/arrivals';
import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { checkDocuments, withStoredDocuments } from '../photo-requests/documents.ts';
import type { UploadedFile } from '../photo-requests/photo-requests-service.ts';
import { consumeLimit } from '../rate-limits/rate-limits-service.ts';
import * as repo from './arrivals-repository.ts';
import { findUserPackage, pageRequestOf } from './packages-repository.ts';
import { findLockerOwner } from './packages-service.ts';

const m = arrivalsMessages;

type ParsedPreAlert = Parameters<typeof repo.insertPreAlert>[2] & Pick<PreAlertInput, 'trackingNumber'>;

/**
 * A customer announces a parcel on its way; the same tracking number twice among their open pre-alerts is a 409,
 * and so is one more than PRE_ALERT_OPEN_MAX still expected.
 */
export async function createPreAlert(deps: AppDeps, userId: number, input: ParsedPreAlert) {
  const created = await deps.db.transaction(async (tx) => {
    if ((await repo.lockOpenPreAlertCount(tx, userId)) >= PRE_ALERT_OPEN_MAX) throw conflict(m.tooManyOpen, undefined, 'PRE_ALERT_LIMIT');
    return repo.insertPreAlert(tx, userId, input);
  });
  if (!created) throw conflict(m.duplicateTracking, 'trackingNumber', 'DUPLICATE_PRE_ALERT');
  return created;
}

export const listPreAlerts = (deps: AppDeps, userId: number) => repo.listPreAlerts(deps.db, userId);

/** Removes a pre-alert still expected; another customer's id is a 404, a received one a 409. */
export async function deletePreAlert(deps: AppDeps, userId: number, id: number) {
  if (await repo.deleteExpectedPreAlert(deps.db, userId, id)) return;
  const existing = await repo.findPreAlert(deps.db, userId, id);
  if (!existing) throw notFound(m.preAlertNotFound);
  throw conflict(m.preAlertArrived);
}

/** What the receiving screen shows once a tracking number is scanned: the one customer who announced it, if exactly one did. */
export async function matchArrival(deps: AppDeps, trackingNumber: string): Promise<ArrivalMatch> {
  const open = await repo.openPreAlertsFor(deps.db, trackingNumber);
  const [only] = open;
  return {
    matches: open.length,
    preAlert:
      open.length === 1 && only
        ? {
            id: only.id,
            customerName: only.customerName,
            lockerNumber: only.lockerNumber,
            retailer: only.retailer,
            content: only.content,
            declaredValue: only.declaredValue,
            currency: only.currency,
            expectedDate: only.expectedDate,
            invoiceUrl: only.hasInvoice ? preAlertInvoicePath(only.id, 'staff') : null,
          }
        : null,
  };
}

type UnidentifiedRow = Awaited<ReturnType<typeof repo.listUnidentified>>['rows'][number];

function publicView(deps: AppDeps, r: UnidentifiedRow): PublicUnidentified {
  const { holdDays, handlingFee } = deps.config.unidentified;
  return {
    id: r.id,
    receivedDate: r.receivedDate.toISOString(),
    shipper: r.shipper,
    origin: r.origin,
    trackingLast4: trackingLast4(r.externalTrackingNumber),
    handlingFee,
    currency: DEFAULT_CURRENCY,
    disposalDate: disposalDateOf(r.receivedDate, holdDays).toISOString(),
  };
}

/** Any customer's view of the parcels nobody could match, newest first: never the full tracking number, content or photos. */
export async function listPublicUnidentified(deps: AppDeps, query: { page?: number; pageSize?: number }) {
  const page = pageRequestOf(query);
  const { rows, total } = await repo.listUnidentified(deps.db, 'newest', page);
  return { success: true as const, data: rows.map((r) => publicView(deps, r)), total, ...page };
}

/** The warehouse's queue of unidentified parcels, oldest first, with the days each has waited. */
export async function listStaffUnidentified(deps: AppDeps, query: { page?: number; pageSize?: number }) {
  const page = pageRequestOf(query);
  const { rows, total } = await repo.listUnidentified(deps.db, 'oldest', page);
  const now = deps.clock.now();
  const data: StaffUnidentified[] = rows.map((r) => ({
    ...publicView(deps, r),
    hopboxId: r.hopboxId,
    packageContent: r.packageContent,
    externalTrackingNumber: r.externalTrackingNumber,
    packageWeight: Number(r.packageWeight),
    location: r.location,
    daysWaiting: daysWaiting(r.receivedDate, now),
  }));
  return { success: true as const, data, total, ...page };
}

/**
 * Moves an unidentified parcel into a customer's locker (a staff assignment or the customer's own claim):
 * it carries the handling fee, fulfils the customer's pre-alert of its tracking number if there is one, is
 * audited and mailed like any package received.
 */
async function moveUnidentified(
  deps: AppDeps,
  id: number,
  owner: { id: number; lockerNumber: string },
  audit: { actorId: number; action: 'package.assigned' | 'package.claimed' },
  check?: (parcel: NonNullable<Awaited<ReturnType<typeof repo.lockUnidentified>>>) => void,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const parcel = await repo.lockUnidentified(tx, id);
    if (!parcel) throw notFound(m.unidentifiedNotFound);
    check?.(parcel);
    const fee = deps.config.unidentified.handlingFee;
    if (!(await repo.moveIntoLocker(tx, id, owner, fee, now))) throw notFound(m.unidentifiedNotFound);
    const preAlert = parcel.externalTrackingNumber ? await repo.openPreAlertOf(tx, owner.id, parcel.externalTrackingNumber) : undefined;
    if (preAlert) await repo.fulfilPreAlert(tx, preAlert.id, id);
    await recordAudit(tx, {
      actorId: audit.actorId,
      action: audit.action,
      entityType: 'package',
      entityId: id,
      before: { status: 'UNIDENTIFIED', receivedDate: parcel.receivedDate.toISOString() },
      after: { status: 'IN_LOCKER', lockerNumber: owner.lockerNumber, handlingFee: fee, preAlertId: preAlert?.id ?? null },
    });
    const pkg = await findUserPackage(tx, owner.id, id, now);
    if (pkg) await notify.packageReceived(deps, tx, owner.id, pkg, []);
  });
  const pkg = await findUserPackage(deps.db, owner.id, id, deps.clock.now());
  if (!pkg) throw notFound(m.unidentifiedNotFound);
  return pkg;
}

/** Staff put an unidentified parcel into the locker it belongs to. */
export async function assignUnidentified(deps: AppDeps, staffId: number, id: number, lockerNumber: string) {
  const owner = await findLockerOwner(deps, lockerNumber);
  return moveUnidentified(deps, id, owner, { actorId: staffId, action: 'package.assigned' });
}

/**
 * A customer claims an unidentified parcel by its full tracking number. Every attempt counts against a limit
 * per customer (a few an hour), checked before anything is read, so the list cannot be brute-forced; a wrong
 * number changes nothing.
 */
export async function claimUnidentified(
  deps: AppDeps,
  user: { id: number; lockerNumber: string | null },
  id: number,
  trackingNumber: string,
) {
  await consumeLimit(deps.db, `claim:user:${user.id}`, deps.config.rateLimits.claim);
  if (!user.lockerNumber) throw notFound(m.unidentifiedNotFound);
  return moveUnidentified(
    deps,
    id,
    { id: user.id, lockerNumber: user.lockerNumber },
    { actorId: user.id, action: 'package.claimed' },
    (parcel) => {
      const known = parcel.externalTrackingNumber ? trackingKey(parcel.externalTrackingNumber) : null;
      if (known === null || known !== trackingKey(trackingNumber))
        throw badRequest(m.trackingMismatch, 'trackingNumber', 'TRACKING_MISMATCH');
    },
  );
}

/**
 * The retailer's invoice on a pre-alert, for customs: one PDF or image within the photo upload limits, stored
 * before the row points at it; a new one replaces the old, whose file is then removed.
 */
export async function attachInvoice(deps: AppDeps, userId: number, id: number, files: UploadedFile[]) {
  if (files.length !== 1) throw badRequest(m.oneInvoice, 'files');
  if (!(await repo.findPreAlert(deps.db, userId, id))) throw notFound(m.preAlertNotFound);
  const checked = await checkDocuments(files, m.notAnInvoice);
  const replaced = await withStoredDocuments(deps, 'invoices', checked, async ([stored]) => {
    if (!stored) throw badRequest(m.oneInvoice, 'files');
    const done = await deps.db.transaction((tx) =>
      repo.replaceInvoice(tx, userId, id, {
        key: stored.storageKey,
        name: stored.fileName,
        mimeType: stored.mimeType,
        size: stored.fileSize,
      }),
    );
    if (!done) throw notFound(m.preAlertNotFound);
    return done.replaced;
  });
  if (replaced) await deps.storage.delete(replaced).catch(() => {});
  const preAlert = await repo.findPreAlert(deps.db, userId, id);
  if (!preAlert) throw notFound(m.preAlertNotFound);
  return preAlert;
}

/** A pre-alert's invoice to stream: the customer's own, or any for staff; anything else is a 404. */
export async function invoiceOf(deps: AppDeps, id: number, userId?: number) {
  const invoice = await repo.findInvoice(deps.db, id, userId);
  if (!invoice) throw missingInvoice();
  return invoice;
}
export const missingInvoice = () => notFound(m.invoiceNotFound);
