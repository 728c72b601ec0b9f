import type { Receipt } from '@hopbox/contracts/arrivals';
import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { locationMessages } from '@hopbox/contracts/locations';
import { messages } from '@hopbox/contracts/messages';
import { sameMoney, shareOf, toMajor, toMinor } from '@hopbox/contracts/money';
import { packageRequestMessages } from '@hopbox/contracts/package-requests';
import type { ReceivePackageInput } from '@hopbox/contracts/packages';
import type { Executor } from '../../db/client.ts';
import { portalPage, portalWindow } from '../../db/paging.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, heldByPayment, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findUserByLockerNumber } from '../auth/users-repository.ts';
import { locationProblem } from '../hosts/host-locations-repository.ts';
import { internalNotesOf } from '../internal-notes/internal-notes-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { checkImages, receiptPhotosOf, recordReceiptPhotos, type UploadedFile } from '../photo-requests/photo-requests-service.ts';
import type { OpenPreAlert } from './arrivals-repository.ts';
import * as arrivals from './arrivals-repository.ts';
import * as declarations from './declarations-repository.ts';
import { initialDeclaration } from './declarations-repository.ts';
import * as repo from './packages-repository.ts';
import { assertStillInLocker } from './still-in-locker.ts';

const m = messages.packages;

/**
 * SPEC.md's client asks without a page and pages the answer itself: it gets the newest LIST_MAX_ROWS
 * packages, with `total` telling whether there are more.
 */
export async function listLockerPackages(deps: AppDeps, userId: number, query: { page?: number; pageSize?: number; q?: string }) {
  const window = portalWindow(query);
  const { items, total } = await repo.listLockerPackages(deps.db, userId, query.q || undefined, window, deps.clock.now());
  return portalPage(items, total, window);
}

/** The customer's history of packages that left the locker through a package request: one page (decision 061). */
export async function listLeftPackages(deps: AppDeps, userId: number, query: { page?: number; pageSize?: number }) {
  const page = { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE };
  const { items, total } = await repo.listLeftPackages(deps.db, userId, page, deps.clock.now());
  return { success: true as const, data: items, total, page: page.page, pageSize: page.pageSize };
}

export async function getUserPackage(deps: AppDeps, userId: number, id: number) {
  const pkg = await repo.findUserPackage(deps.db, userId, id, deps.clock.now());
  if (!pkg) throw notFound(m.packageNotFound);
  return pkg;
}

/** Package Details: the package with its photos taken at receipt (another customer's id answers 404). */
export async function getUserPackageDetails(deps: AppDeps, userId: number, id: number) {
  const pkg = await getUserPackage(deps, userId, id);
  return { ...pkg, receiptPhotos: await receiptPhotosOf(deps, pkg.id) };
}

type PackageEdit = { description: string | null; quantity: number; unitPrice: number; totalPrice: number };

/**
 * The customer may correct the package until it is put in a shipment. Its value is its declaration's total
 * (decision 037): a one-item declaration follows the edit; with several items only the description may change.
 */
export async function editPackage(deps: AppDeps, userId: number, id: number, values: PackageEdit) {
  assertStillInLocker(await getUserPackage(deps, userId, id));
  await deps.db.transaction(async (tx) => {
    const row = await declarations.lockLockerPackage(tx, userId, id);
    if (!row) throw conflict(m.packageInShipment, undefined, 'PACKAGE_IN_SHIPMENT');
    if (row.openPaymentId !== null) throw heldByPayment();
    // The package's row is locked: a request asked meanwhile waits for this edit, one already open refuses it.
    if (await repo.hasOpenPackageRequest(tx, id)) throw conflict(packageRequestMessages.packageBusy, undefined, 'REQUEST_OPEN');
    const items = (await declarations.declarationItemsOf(tx, [id])).get(id) ?? [];
    const valueChanged =
      values.quantity !== row.quantity || !sameMoney(values.unitPrice, row.unitPrice) || !sameMoney(values.totalPrice, row.totalPrice);
    if (items.length > 1 && valueChanged) throw conflict(declarationMessages.valueFromDeclaration);
    await repo.updatePackageDetails(tx, userId, id, items.length > 1 ? { ...values, ...storedValue(row) } : values);
    if (items.length <= 1) await followEdit(tx, id, items[0] ?? declarations.initialDeclaration({ ...row, unitPrice: 0 })[0], values);
  });
  return getUserPackage(deps, userId, id);
}

const storedValue = (row: { quantity: number; unitPrice: string; totalPrice: string }) => ({
  quantity: row.quantity,
  unitPrice: Number(row.unitPrice),
  totalPrice: Number(row.totalPrice),
});

/** The one item of a declaration takes the edited quantity and value, and the completeness is read again. */
async function followEdit(tx: Executor, id: number, item: DeclarationItem | undefined, values: PackageEdit) {
  if (!item) return;
  const followed = { ...item, quantity: values.quantity, unitValue: toMajor(shareOf(toMinor(values.totalPrice), values.quantity)) };
  await declarations.replaceItems(tx, id, [followed]);
  await declarations.setDeclarationComplete(tx, id, declarations.declarationSummary([followed]).complete);
}

type ParsedReceive = Omit<
  Required<ReceivePackageInput>,
  | 'lockerNumber'
  | 'quantity'
  | 'unitPrice'
  | 'totalPrice'
  | 'packageWeight'
  | 'unitWeight'
  | 'packageLength'
  | 'packageBreadth'
  | 'packageHeight'
  | 'receivedDate'
> & {
  lockerNumber?: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  packageWeight: number;
  unitWeight: number;
  packageLength: number;
  packageBreadth: number;
  packageHeight: number;
  receivedDate?: string;
};

/** The customer owning a locker number, or 404 'No customer has this locker number'. */
export async function findLockerOwner(deps: AppDeps, lockerNumber: string) {
  const owner = await findUserByLockerNumber(deps.db, lockerNumber);
  if (owner?.role !== 'user') throw notFound(m.lockerNotFound);
  return {
    id: owner.id,
    fullName: `${owner.firstName} ${owner.lastName}`,
    email: owner.email,
    country: owner.country,
    lockerNumber: lockerNumber.toUpperCase(),
  };
}

/**
 * Whose locker a parcel goes into (issue "Arrivals"): the locker on its label wins; without one, the one customer
 * who announced its tracking number; else nobody's, and it is received unidentified. A locker that is not the
 * announcing customer's is a mismatch the console shows.
 */
async function placeArrival(
  deps: AppDeps,
  input: ParsedReceive,
): Promise<{ owner: { id: number; lockerNumber: string } | null; preAlert: OpenPreAlert | null; receipt: Receipt }> {
  const announced = input.externalTrackingNumber ? await arrivals.openPreAlertsFor(deps.db, input.externalTrackingNumber) : [];
  if (input.lockerNumber) {
    const owner = await findLockerOwner(deps, input.lockerNumber);
    const preAlert = announced.find((a) => a.userId === owner.id) ?? null;
    const other = !preAlert && announced.length === 1 ? announced[0] : undefined;
    const mismatch = other ? { customerName: other.customerName, lockerNumber: other.lockerNumber } : null;
    return { owner, preAlert, receipt: { receivedAs: preAlert ? 'PRE_ALERT' : 'LOCKER', preAlertId: preAlert?.id ?? null, mismatch } };
  }
  const [only] = announced;
  if (announced.length === 1 && only) {
    return {
      owner: { id: only.userId, lockerNumber: only.lockerNumber },
      preAlert: only,
      receipt: { receivedAs: 'PRE_ALERT', preAlertId: only.id, mismatch: null },
    };
  }
  return { owner: null, preAlert: null, receipt: { receivedAs: 'UNIDENTIFIED', preAlertId: null, mismatch: null } };
}

/**
 * The declaration a pre-announced parcel starts with: the customer's words (content, declared value, currency),
 * so there is nothing left to declare; the package's value follows it (one declared value, decision 055).
 */
function declaredByPreAlert(input: ParsedReceive, preAlert: OpenPreAlert | null) {
  if (!preAlert || preAlert.declaredValue === null) return { values: {}, declaration: undefined };
  const quantity = Math.max(1, input.quantity);
  const unitValue = toMajor(shareOf(toMinor(preAlert.declaredValue), quantity));
  const declaration = initialDeclaration({
    packageContent: preAlert.content,
    quantity,
    unitPrice: unitValue,
    currency: preAlert.currency,
    origin: input.origin,
  });
  return {
    values: { quantity, unitPrice: unitValue.toFixed(2), totalPrice: preAlert.declaredValue.toFixed(2), currency: preAlert.currency },
    declaration,
  };
}

/** Warehouse staff receive a package: into the locker on its label, the announcing customer's, or as unidentified. */
export async function receivePackage(deps: AppDeps, staffId: number, input: ParsedReceive, photos: UploadedFile[] = []) {
  const images = photos.length > 0 ? await checkImages(photos) : [];
  const { owner, preAlert, receipt } = await placeArrival(deps, input);
  const misplaced = await locationProblem(deps.db, input.origin, input.location);
  if (misplaced) throw badRequest(misplaced, 'location');
  const declared = declaredByPreAlert(input, preAlert);
  const received = await deps.db.transaction(async (tx) => {
    const pkg = await repo.insertPackage(
      tx,
      {
        userId: owner?.id ?? null,
        lockerNumber: owner?.lockerNumber ?? null,
        shipper: input.shipper,
        packageContent: input.packageContent,
        origin: input.origin,
        externalTrackingNumber: input.externalTrackingNumber,
        shipmentStatus: input.shipmentStatus,
        quantity: input.quantity,
        unitPrice: input.unitPrice.toFixed(2),
        totalPrice: input.totalPrice.toFixed(2),
        currency: input.currency,
        description: input.description,
        notes: input.notes,
        packageWeight: String(input.packageWeight),
        unitWeight: String(input.unitWeight),
        packageLength: String(input.packageLength),
        packageBreadth: String(input.packageBreadth),
        packageHeight: String(input.packageHeight),
        receivedDate: input.receivedDate ? new Date(input.receivedDate) : new Date(),
        receivedBy: staffId,
        location: input.location,
        ...declared.values,
      },
      deps.clock.now(),
      declared.declaration,
    );
    // Another package with the same number may have fulfilled it a moment ago: this one is then the locker's all the same.
    if (preAlert && !(await arrivals.fulfilPreAlert(tx, preAlert.id, pkg.id))) receipt.preAlertId = null;
    const photoKeys = images.length > 0 ? await recordReceiptPhotos(deps, tx, { staffId, packageId: pkg.id, images }) : [];
    await recordAudit(tx, {
      actorId: staffId,
      action: 'package.received',
      entityType: 'package',
      entityId: pkg.id,
      after: { ...pkg, location: input.location, receiptPhotos: photoKeys.length, ...receipt },
    });
    if (owner) await notify.packageReceived(deps, tx, owner.id, pkg, photoKeys);
    return pkg;
  });
  return { ...received, lockerNumber: owner?.lockerNumber ?? null, location: input.location, receipt };
}

/**
 * Staff move a package to another shelf or bin of its warehouse (decision 053), audited. A package
 * already handed to the carrier has no shelf: 409.
 */
export async function movePackage(deps: AppDeps, staffId: number, id: number, location: string) {
  return deps.db.transaction(async (tx) => {
    const pkg = await repo.lockPackageForMove(tx, id);
    if (!pkg) throw notFound(m.packageNotFound);
    if (pkg.leftWarehouse) throw conflict(locationMessages.leftWarehouse);
    if (pkg.location === location) return { id, location };
    const misplaced = await locationProblem(tx, pkg.origin, location);
    if (misplaced) throw badRequest(misplaced, 'location');
    await repo.setLocation(tx, id, location);
    await recordAudit(tx, {
      actorId: staffId,
      action: 'package.moved',
      entityType: 'package',
      entityId: id,
      before: { location: pkg.location },
      after: { location },
    });
    return { id, location };
  });
}

export async function listAllPackages(deps: AppDeps, query: { lockerNumber?: string; q?: string; page?: number; pageSize?: number }) {
  const page = { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE };
  const { items, total, totalCapped } = await repo.listAllPackages(
    deps.db,
    { lockerNumber: query.lockerNumber || undefined, q: query.q || undefined },
    page,
    deps.clock.now(),
  );
  const notes = await internalNotesOf(
    deps.db,
    'package',
    items.map((p) => p.id),
  );
  return {
    success: true as const,
    data: items.map((p) => ({ ...p, internalNotes: notes.get(p.id) ?? [] })),
    total,
    totalCapped,
    ...page,
  };
}
