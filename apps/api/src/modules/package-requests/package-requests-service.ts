import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { canMove, PACKAGE_REQUEST_LIFECYCLE, type PackageRequestStatus } from '@hopbox/contracts/lifecycles';
import { sumMoney, toMajor, toMinor } from '@hopbox/contracts/money';
import {
  amountDueOf,
  DEFAULT_PACKAGE_REQUEST_FEES,
  feesOf,
  type HostPackageRequestFees,
  type MeasuredResult,
  PACKAGE_REQUEST_LEAVES_AS,
  PACKAGE_REQUEST_PHOTO_PHASE_OF,
  PACKAGE_REQUEST_RESULTS,
  type PackageRequestInput,
  type PackageRequestType,
  packageRequestMessages,
  type ReturnResult,
  requestPhotoProblem,
  type SplitResult,
  type StaffPackageRequestUpdate,
} from '@hopbox/contracts/package-requests';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, heldByPayment, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findHost, listHosts } from '../hosts/hosts-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { insertPackage, pageRequestOf } from '../packages/packages-repository.ts';
import { assertStillInLocker } from '../packages/still-in-locker.ts';
import { checkDocuments, checkPhotos, type StoredDocument, withStoredDocuments } from '../photo-requests/documents.ts';
import { recordStoredReceiptPhoto, type UploadedFile } from '../photo-requests/photo-requests-service.ts';
import { activeHostIdForCountry } from '../shipments/shipments-repository.ts';
import { giveBackForPayment } from '../wallet/wallet-repository.ts';
import * as repo from './package-requests-repository.ts';

const m = packageRequestMessages;

/** Why a package cannot take a request or its effect now: in a shipment, gone from the locker, or held by an open payment. */
function assertInLocker(pkg: repo.LockedPackage) {
  assertStillInLocker(pkg);
  if (pkg.openPaymentId !== null) throw heldByPayment();
}

/** The fee a host charges for a type now: its own row, or the default. */
async function feeNow(db: Executor, hostId: number | null, type: PackageRequestType) {
  if (hostId === null) return DEFAULT_PACKAGE_REQUEST_FEES[type];
  return (await repo.feesOfHosts(db, [hostId])).get(hostId)?.get(type) ?? DEFAULT_PACKAGE_REQUEST_FEES[type];
}

/** The one label a return takes, checked; any other request takes none. */
async function checkedLabel(type: PackageRequestType, files: UploadedFile[]) {
  if (type !== 'RETURN_TO_SENDER') {
    if (files.length > 0) throw badRequest(m.labelOnlyForReturn, 'files');
    return [];
  }
  if (files.length === 0) throw badRequest(m.labelRequired, 'files');
  if (files.length > 1) throw badRequest(m.oneLabel, 'files');
  return checkDocuments(files, m.notALabel);
}

/**
 * The customer asks for work on a package in the locker. The fee is the package's warehouse's at this moment, kept
 * on the request; one open request per package, decided by the database (two at once: one 201, one 409).
 */
export async function createRequest(deps: AppDeps, userId: number, packageId: number, input: PackageRequestInput, files: UploadedFile[]) {
  const label = await checkedLabel(input.type, files);
  const id = await withStoredDocuments(deps, 'return-labels', label, (stored) =>
    deps.db.transaction(async (tx) => {
      const pkg = await repo.lockCustomerPackage(tx, userId, packageId);
      if (!pkg) throw notFound(m.packageNotFound);
      assertInLocker(pkg);
      const hostId = await activeHostIdForCountry(tx, pkg.origin);
      const fee = await feeNow(tx, hostId, input.type);
      const [file] = stored;
      const created = await repo.insertRequest(tx, {
        packageId,
        userId,
        hostId,
        type: input.type,
        notes: input.notes,
        fee: fee.toFixed(2),
        currency: DEFAULT_CURRENCY,
        label: file && { key: file.storageKey, name: file.fileName, mimeType: file.mimeType, size: file.fileSize },
      });
      if (!created) throw conflict(m.requestOpen, undefined, 'REQUEST_OPEN');
      await recordAudit(tx, {
        actorId: userId,
        action: 'package_request.requested',
        entityType: 'package_request',
        entityId: created,
        after: { packageId, type: input.type, status: 'REQUESTED', fee, currency: DEFAULT_CURRENCY, notes: input.notes },
      });
      return created;
    }),
  );
  return getCustomerRequest(deps, userId, id);
}

async function getCustomerRequest(deps: AppDeps, userId: number, id: number) {
  const found = await repo.findRequest(deps.db, id, userId);
  if (!found) throw notFound(m.requestNotFound);
  return repo.toPackageRequest(found, 'user', await repo.photosOf(deps.db, [id]));
}

/** A package's requests, the customer's own package only (one that left the locker too: its history). */
export async function listForPackage(deps: AppDeps, userId: number, packageId: number, query: { page?: number; pageSize?: number }) {
  const owned = await repo.findCustomerPackage(deps.db, userId, packageId);
  if (!owned) throw notFound(m.packageNotFound);
  const page = pageRequestOf(query);
  const { items, total } = await repo.listPackageRequests(deps.db, packageId, page);
  return { success: true as const, data: items, total, ...page };
}

/** The warehouse's queue, oldest first. */
export async function listQueue(deps: AppDeps, query: { page?: number; pageSize?: number; status?: PackageRequestStatus | 'OPEN' }) {
  const page = pageRequestOf(query);
  const { items, total } = await repo.listQueue(deps.db, query.status, page);
  return { success: true as const, data: items, total, ...page };
}

/** A request's return label to stream: the customer's own, or any for staff; anything else is a 404. */
export async function labelOf(deps: AppDeps, id: number, userId?: number) {
  const label = await repo.findLabel(deps.db, id, userId);
  if (!label) throw missingLabel();
  return label;
}
export const missingLabel = () => notFound(m.labelNotFound);

/** The result DONE records, checked against the request's type; a 400 names the field at fault. */
function resultFor(type: PackageRequestType, result: Record<string, unknown> | undefined) {
  const schema: z.ZodType | null = PACKAGE_REQUEST_RESULTS[type];
  if (!schema) return null;
  if (result === undefined) throw badRequest(m.resultRequired(type), 'result');
  const parsed = schema.safeParse(result);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  throw badRequest(issue?.message ?? m.resultRequired(type), ['result', ...(issue?.path ?? [])].join('.'));
}

/**
 * DONE's effect on the package, in the move's transaction: a repack or removed packaging re-measures it (its next
 * price is the new one); a split makes the new parcels in the same locker and the original leaves; a return or a
 * discard takes it out of the locker. The fee of a repack, removed packaging or split goes on the package's next
 * shipment as its Services line: the package carries it (a split's first parcel, with what the original carried).
 * Answers the result as stored (a split's with the new Hopbox IDs).
 */
async function applyEffect(
  deps: AppDeps,
  tx: Executor,
  staffId: number,
  request: repo.FoundRequest,
  result: Record<string, unknown> | null,
) {
  const pkg = await repo.lockPackage(tx, request.packageId);
  if (!pkg) throw notFound(m.packageNotFound);
  assertInLocker(pkg);
  const type = request.type as PackageRequestType;
  const now = deps.clock.now();
  if (type === 'REPACK' || type === 'REMOVE_PACKAGING') {
    const size = result as MeasuredResult;
    await repo.remeasurePackage(tx, pkg.id, size, servicesAfter(pkg, request));
    await auditPackage(tx, staffId, pkg.id, 'package.remeasured', sizeOf(pkg), size);
    return result;
  }
  let stored = result;
  if (type === 'SPLIT') stored = { parcels: await splitPackage(tx, staffId, pkg, result as SplitResult, servicesAfter(pkg, request), now) };
  const leftAs = PACKAGE_REQUEST_LEAVES_AS[type];
  if (!(await repo.moveOutOfLocker(tx, pkg.id, leftAs, now))) throw conflict(m.packageLeft, undefined, 'PACKAGE_LEFT');
  await auditPackage(tx, staffId, pkg.id, 'package.left_locker', { status: 'IN_LOCKER' }, { status: leftAs, requestId: request.id });
  return stored;
}

/** What the package's services come to once this request's fee is added. */
const servicesAfter = (pkg: repo.LockedPackage, request: repo.FoundRequest) => sumMoney([pkg.serviceFee ?? 0, request.fee]);

const sizeOf = (pkg: repo.LockedPackage) => ({
  packageWeight: Number(pkg.packageWeight),
  packageLength: Number(pkg.packageLength),
  packageBreadth: Number(pkg.packageBreadth),
  packageHeight: Number(pkg.packageHeight),
});

const auditPackage = (tx: Executor, actorId: number, id: number, action: string, before: object, after: object) =>
  recordAudit(tx, { actorId, action, entityType: 'package', entityId: id, before: { ...before }, after: { ...after } });

/**
 * The parcels a split made, each a package of the same customer, warehouse, origin and shipper, dated as the
 * original (its storage keeps counting from the day it arrived), with its own Hopbox ID; its declaration starts
 * from its content, for the customer to complete. A handling fee the original carried, and the services' fees (the
 * split's own included), go with the first parcel.
 */
async function splitPackage(tx: Executor, staffId: number, pkg: repo.LockedPackage, result: SplitResult, serviceFee: number, now: Date) {
  const made = [];
  for (const [index, parcel] of result.parcels.entries()) {
    const created = await insertPackage(
      tx,
      {
        userId: pkg.userId,
        lockerNumber: pkg.lockerNumber,
        shipper: pkg.shipper,
        origin: pkg.origin,
        receivedDate: pkg.receivedDate,
        externalTrackingNumber: pkg.externalTrackingNumber,
        shipmentStatus: pkg.shipmentStatus,
        currency: pkg.currency,
        location: pkg.location,
        storageReminder: pkg.storageReminder,
        handlingFee: index === 0 ? pkg.handlingFee : null,
        serviceFee: index === 0 ? serviceFee.toFixed(2) : null,
        receivedBy: staffId,
        splitFromId: pkg.id,
        packageContent: parcel.packageContent,
        packageWeight: String(parcel.packageWeight),
        unitWeight: String(parcel.packageWeight),
        packageLength: String(parcel.packageLength),
        packageBreadth: String(parcel.packageBreadth),
        packageHeight: String(parcel.packageHeight),
      },
      now,
    );
    await auditPackage(tx, staffId, created.id, 'package.split_from', {}, { splitFromId: pkg.id, hopboxId: created.hopboxId });
    made.push({ ...parcel, hopboxId: created.hopboxId });
  }
  return made;
}

/** A move the lifecycle does not allow, or that another move overtook: 409 naming from and to. */
const invalidMove = (from: PackageRequestStatus, to: PackageRequestStatus) =>
  conflict(m.invalidMove(from, to), 'status', 'INVALID_TRANSITION');

/**
 * Staff move a request through PACKAGE_REQUEST_LIFECYCLE: one compare-and-set, its effect (on DONE), the audit
 * and the customer's mail in one transaction, so a refused effect (the package was shipped meanwhile) moves nothing.
 */
export async function staffUpdate(
  deps: AppDeps,
  staffId: number,
  id: number,
  input: StaffPackageRequestUpdate,
  files: UploadedFile[] = [],
) {
  const request = await repo.findRequest(deps.db, id);
  if (!request) throw notFound(m.requestNotFound);
  const from = request.status as PackageRequestStatus;
  const to = input.status;
  if (!canMove(PACKAGE_REQUEST_LIFECYCLE, from, to)) throw invalidMove(from, to);
  assertFeePaidFor(request, to);
  const type = request.type as PackageRequestType;
  const result = to === 'DONE' ? resultFor(type, input.result) : null;
  const staffNotes = input.notes === undefined ? request.staffNotes : input.notes;
  const photos = await checkedMovePhotos(type, to, result, files);
  await withStoredDocuments(deps, 'package-requests', photos, (storedPhotos) =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.moveRequest(tx, id, from, to, { staffNotes, handledBy: staffId }))) throw invalidMove(from, to);
      const feeReturned = to === 'REJECTED' ? await giveBackRefusedFee(tx, id) : undefined;
      const stored = to === 'DONE' ? await applyEffect(deps, tx, staffId, request, result) : null;
      if (stored) await repo.saveResult(tx, id, stored);
      await savePhotos(tx, staffId, request, to, storedPhotos);
      await recordAudit(tx, {
        actorId: staffId,
        action: `package_request.${to.toLowerCase()}`,
        entityType: 'package_request',
        entityId: id,
        before: { status: from, staffNotes: request.staffNotes },
        after: { status: to, staffNotes, result: stored, photos: storedPhotos.length },
      });
      await notify.packageRequestMoved(deps, tx, request.userId, {
        hopboxId: request.hopboxId,
        type,
        status: to,
        fee: Number(request.fee),
        currency: request.currency,
        staffNotes,
        parcels: type === 'SPLIT' && stored ? (stored as { parcels: { hopboxId: string }[] }).parcels.map((p) => p.hopboxId) : undefined,
        returned: type === 'RETURN_TO_SENDER' && stored ? (stored as ReturnResult) : undefined,
        feeReturned,
      });
    }),
  );
  const moved = await repo.findRequest(deps.db, id);
  if (!moved) throw notFound(m.requestNotFound);
  return repo.toPackageRequest(moved, 'staff', await repo.photosOf(deps.db, [id]));
}

/**
 * A move's photos, every file checked before anything is stored (decision 069): none with a refusal, at most
 * PHOTO_MAX_FILES, an after photo to finish a repack or removed packaging, one per parcel to finish a split.
 */
async function checkedMovePhotos(type: PackageRequestType, to: PackageRequestStatus, result: unknown, files: UploadedFile[]) {
  const parcels = type === 'SPLIT' && to === 'DONE' ? (result as SplitResult).parcels.length : 0;
  const problem = requestPhotoProblem(type, to, files.length, parcels);
  if (problem) throw badRequest(problem, 'files');
  return checkPhotos(files, m.notAPhoto);
}

/**
 * The move's photos, in its transaction: BEFORE with taking the request, AFTER with finishing it. A split's photos
 * are its parcels', in their order: each is also that parcel's receipt photo, the same stored file.
 */
async function savePhotos(tx: Executor, staffId: number, request: repo.FoundRequest, to: PackageRequestStatus, stored: StoredDocument[]) {
  const phase = PACKAGE_REQUEST_PHOTO_PHASE_OF[to];
  if (!phase || stored.length === 0) return;
  const parcelIds = request.type === 'SPLIT' && phase === 'AFTER' ? await repo.parcelsSplitFrom(tx, request.packageId) : [];
  for (const [index, parcelId] of parcelIds.entries()) {
    const photo = stored[index];
    if (photo) await recordStoredReceiptPhoto(tx, { staffId, packageId: parcelId, stored: photo });
  }
  await repo.insertPhotos(
    tx,
    stored.map((f, index) => ({
      requestId: request.id,
      phase,
      parcelId: parcelIds[index] ?? null,
      fileName: f.fileName,
      mimeType: f.mimeType,
      fileSize: f.fileSize,
      storageKey: f.storageKey,
      thumbnailKey: f.thumbnailKey,
      uploadedBy: staffId,
    })),
  );
}

/** A request's photo to stream: of the customer's own request, or any for staff; anything else is a 404. */
export async function photoOf(deps: AppDeps, id: number, userId?: number) {
  const photo = await repo.findPhoto(deps.db, id, userId);
  if (!photo) throw missingPhoto();
  return photo;
}
export const missingPhoto = () => notFound(m.photoNotFound);

/**
 * A return or discard is taken or finished only once its fee is paid (decision 068): 409 REQUEST_FEE_UNPAID. Refusing
 * it costs nothing and stays allowed. A paid request stays paid, so reading it before the move is enough.
 */
function assertFeePaidFor(request: repo.FoundRequest, to: PackageRequestStatus) {
  if (to === 'REJECTED') return;
  const status = request.status as PackageRequestStatus;
  const due = amountDueOf({ type: request.type as PackageRequestType, status, fee: Number(request.fee), paidAt: request.paidAt });
  if (due > 0) throw conflict(m.feeUnpaid, 'status', 'REQUEST_FEE_UNPAID');
}

/**
 * A refused request whose fee was paid gives all of it back to the account balance (decision 068), card part
 * included, in the refusal's transaction. Read after the move, so a payment captured just before it counts; the
 * give-back is the payment's one PAYMENT_RETURNED entry, so it is made once whoever asks.
 */
async function giveBackRefusedFee(tx: Executor, id: number) {
  const payment = await repo.paymentOfRequest(tx, id);
  if (!payment) return undefined;
  const paid = payment.balanceMinor + toMinor(payment.amount);
  await giveBackForPayment(tx, { ...payment, balanceMinor: paid });
  return toMajor(paid);
}

/**
 * The customer withdraws a request the warehouse has not started and whose fee is not paid (REQUESTED to CANCELLED),
 * so a package waiting for an unpaid fee is never stuck; audited. A payment open for it is a 409 PAYMENT_PENDING:
 * finish it, or it expires with its hold and lets go.
 */
export async function withdrawRequest(deps: AppDeps, userId: number, id: number) {
  const request = await repo.findRequest(deps.db, id, userId);
  if (!request) throw notFound(m.requestNotFound);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.withdrawRequest(tx, id, userId))) {
      if (request.status === 'REQUESTED' && !request.paidAt && request.openPaymentId !== null) throw heldByPayment();
      throw conflict(m.cannotWithdraw, 'status', 'INVALID_TRANSITION');
    }
    await recordAudit(tx, {
      actorId: userId,
      action: 'package_request.cancelled',
      entityType: 'package_request',
      entityId: id,
      before: { status: request.status },
      after: { status: 'CANCELLED' },
    });
  });
  return getCustomerRequest(deps, userId, id);
}

/** The fees of the package's warehouse (the customer's own package), or of every active warehouse. */
export async function customerFees(deps: AppDeps, userId: number, packageId?: number): Promise<HostPackageRequestFees[]> {
  if (packageId === undefined) return hostsFees(deps.db, await listHosts(deps.db, { active: true }));
  const pkg = await repo.findCustomerPackage(deps.db, userId, packageId);
  if (!pkg) throw notFound(m.packageNotFound);
  const hostId = await activeHostIdForCountry(deps.db, pkg.origin);
  const host = hostId === null ? undefined : await findHost(deps.db, hostId);
  if (!host) return [{ hostId: null, hostName: null, country: null, fees: feesOf(new Map()) }];
  return hostsFees(deps.db, [host]);
}

/** Each host's fees, every type, from one query of their rows. */
async function hostsFees(db: Executor, hosts: { id: number; name: string; country: string }[]) {
  const own = await repo.feesOfHosts(
    db,
    hosts.map((h) => h.id),
  );
  return hosts.map((h) => ({ hostId: h.id, hostName: h.name, country: h.country, fees: feesOf(own.get(h.id) ?? new Map()) }));
}

/** Every host's fees, active or not, for the admins' table. */
export const adminFees = async (deps: AppDeps) => hostsFees(deps.db, await listHosts(deps.db));

/** An admin sets one host's fee for one type; audited on the host. Answers that host's fees. */
export async function setFee(deps: AppDeps, adminId: number, hostId: number, type: PackageRequestType, fee: number) {
  const host = await findHost(deps.db, hostId);
  if (!host) throw notFound(m.hostNotFound);
  await deps.db.transaction(async (tx) => {
    const before = (await repo.feesOfHosts(tx, [hostId])).get(hostId)?.get(type) ?? null;
    await repo.upsertFee(tx, hostId, type, fee);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'host.package_request_fee',
      entityType: 'host',
      entityId: hostId,
      before: { type, fee: before },
      after: { type, fee },
    });
  });
  const [fees] = await hostsFees(deps.db, [host]);
  return fees as HostPackageRequestFees;
}
