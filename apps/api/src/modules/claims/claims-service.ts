import {
  CLAIM_TYPES,
  type Claim,
  type ClaimFacts,
  type ClaimInput,
  type ClaimResolution,
  type ClaimType,
  type ClaimWindow,
  claimMessages,
  claimReference,
  claimWindow,
  type StaffClaim,
  type StaffClaimDetail,
  type StaffClaimUpdate,
} from '@hopbox/contracts/claims';
import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { CLAIM_LIFECYCLE, type ClaimStatus, canMove } from '@hopbox/contracts/lifecycles';
import { timesMoney, toMajor, toMinor } from '@hopbox/contracts/money';
import { packedBoxOf } from '@hopbox/contracts/packed-box';
import { REFUND_REASON_MAX } from '@hopbox/contracts/payment-refunds';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { declarationItemsOf } from '../packages/declarations-repository.ts';
import { findUserPackage, pageRequestOf } from '../packages/packages-repository.ts';
import { findPaymentByOrderRef } from '../payments/payments-repository.ts';
import { refundForClaim } from '../payments/refunds-service.ts';
import { checkPhotos, type StoredDocument, withStoredDocuments } from '../photo-requests/documents.ts';
import { listStaffPhotoRequests } from '../photo-requests/photo-requests-repository.ts';
import type { UploadedFile } from '../photo-requests/photo-requests-service.ts';
import { receiptPhotosOf, requestPhotosOf } from '../photo-requests/photo-requests-service.ts';
import { declaredValueAed } from '../pricing/declared-value.ts';
import { findShipment, findUserShipment, listEvents } from '../shipments/carrier-repository.ts';
import { findPackagesByRefs, packagesOfShipments } from '../shipments/shipments-repository.ts';
import { credit } from '../wallet/wallet-repository.ts';
import * as repo from './claims-repository.ts';

const m = claimMessages;
type Side = 'user' | 'staff';
/** How many tracking events staff see beside a claim: the newest. */
const EVIDENCE_EVENTS = 50;

/** A claim's answer: its row, its subjects' references, and its photos and messages (each message's own photos). */
async function withThreads(db: Executor, reads: repo.ClaimRead[], side: Side): Promise<Claim[]> {
  const { photos, messages } = await repo.threadsOf(
    db,
    reads.map((r) => r.claim.id),
  );
  return reads.map(({ claim: c, hopboxId, shipmentId, shipmentRef }) => ({
    id: c.id,
    reference: claimReference(c.id),
    type: c.type as ClaimType,
    status: c.status as ClaimStatus,
    packageId: c.packageId,
    hopboxId,
    shipmentId,
    shipmentRef,
    description: c.description,
    amount: toMajor(c.amountMinor),
    currency: c.currency,
    resolution: c.resolution as ClaimResolution | null,
    resolvedAmount: c.resolvedMinor === null ? null : toMajor(c.resolvedMinor),
    correctedWeight: c.correctedWeight === null ? null : Number(c.correctedWeight),
    photos: photos.filter((p) => p.claimId === c.id && p.messageId === null).map((p) => repo.toPhoto(p, side)),
    messages: messages
      .filter((msg) => msg.claimId === c.id)
      .map((msg) => ({
        from: msg.fromRole as 'customer' | 'staff',
        body: msg.body,
        status: msg.status as ClaimStatus,
        photos: photos.filter((p) => p.messageId === msg.id).map((p) => repo.toPhoto(p, side)),
        createdAt: msg.createdAt.toISOString(),
      })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/** What a claim is about, the customer's own: the package or shipment, and the facts its windows are read from. */
async function subjectOf(deps: AppDeps, userId: number, about: { packageId?: number; shipmentId?: number }) {
  const now = deps.clock.now();
  const pkg = about.packageId === undefined ? undefined : await findUserPackage(deps.db, userId, about.packageId, now);
  if (about.packageId !== undefined && !pkg) throw notFound(m.packageNotFound);
  const shipmentId = pkg ? pkg.shipmentId : (about.shipmentId ?? null);
  const shipment = shipmentId === null ? undefined : await findUserShipment(deps.db, userId, shipmentId);
  if (!pkg && !shipment) throw notFound(m.shipmentNotFound);
  const [lastEvent] = shipment ? await listEvents(deps.db, shipment.id, 1) : [];
  const facts: ClaimFacts = {
    kind: pkg ? 'package' : 'shipment',
    inLocker: Boolean(pkg && pkg.shipmentId === null && !pkg.leftAs),
    left: Boolean(pkg?.leftAs),
    shipment: shipment
      ? {
          status: shipment.shipmentStatus,
          paid: shipment.paymentStatus === 'Paid',
          shippedAt: shipment.shippedAt,
          deliveredAt: shipment.deliveredAt,
          lastEventAt: lastEvent?.at ?? null,
        }
      : null,
  };
  return { pkg, shipment, facts, now };
}

/** GET /api/user/claims/eligibility: each claim type's window for one of the customer's packages or shipments. */
export async function eligibility(
  deps: AppDeps,
  userId: number,
  about: { packageId?: number; shipmentId?: number },
): Promise<ClaimWindow[]> {
  const { facts, now } = await subjectOf(deps, userId, about);
  return CLAIM_TYPES.map((type) => claimWindow(type, facts, now));
}

/**
 * The most a claim may be for, in minor units: the declared value of its goods in AED (the package's, or every
 * package's of the shipment) and what was paid for the shipment; and what was paid alone.
 */
async function boundsOf(deps: AppDeps, subject: Awaited<ReturnType<typeof subjectOf>>) {
  const packageIds = subject.pkg ? [subject.pkg.id] : (await packagesOfShipments(deps.db, [subject.shipment?.id ?? 0])).map((p) => p.id);
  const items = [...(await declarationItemsOf(deps.db, packageIds)).values()].flat();
  const declared = toMinor(declaredValueAed(items.map((i) => ({ amount: timesMoney(i.unitValue, i.quantity), currency: i.currency }))));
  const paid = subject.shipment?.paymentStatus === 'Paid' ? toMinor(subject.shipment.amount ?? 0) : 0;
  return { cap: declared + paid, paid };
}

/** Refuses an amount the claim may not be for: a loss is more than zero and at most the goods and the shipping. */
function checkAmount(type: ClaimType, minor: number, bounds: { cap: number; paid: number }, currency: string) {
  if (type === 'WRONG_WEIGHT') {
    if (minor > bounds.paid) throw badRequest(m.wrongWeightOverPaid(toMajor(bounds.paid), currency), 'amount', 'CLAIM_AMOUNT_TOO_HIGH');
    return;
  }
  if (minor <= 0) throw badRequest(m.amountRequired, 'amount');
  if (minor > bounds.cap) throw badRequest(m.amountOverCap(toMajor(bounds.cap), currency), 'amount', 'CLAIM_AMOUNT_TOO_HIGH');
}

const photoRows = (claimId: number, stored: StoredDocument[], messageId: number | null = null): repo.NewPhoto[] =>
  stored.map((f) => ({
    claimId,
    messageId,
    fileName: f.fileName,
    mimeType: f.mimeType,
    fileSize: f.fileSize,
    storageKey: f.storageKey,
    thumbnailKey: f.thumbnailKey,
  }));

/**
 * The customer files a claim on their package or shipment, inside its window and within its bounds, with up to
 * CLAIM_PHOTOS_MAX photos; one open claim per package or shipment, decided by the database.
 */
export async function createClaim(deps: AppDeps, userId: number, input: ClaimInput, files: UploadedFile[]) {
  const subject = await subjectOf(deps, userId, input);
  const window = claimWindow(input.type, subject.facts, subject.now);
  if (!window.open) throw conflict(window.message ?? m.claimOpen, 'type', window.code ?? 'CONFLICT');
  const minor = toMinor(input.amount);
  checkAmount(input.type, minor, await boundsOf(deps, subject), input.currency);
  const photos = await checkPhotos(files, m.notAPhoto);
  const id = await withStoredDocuments(deps, 'claims', photos, (stored) =>
    deps.db.transaction(async (tx) => {
      const created = await repo.insertClaim(tx, {
        userId,
        packageId: subject.pkg?.id ?? null,
        shipmentId: subject.pkg ? null : (subject.shipment?.id ?? null),
        type: input.type,
        description: input.description,
        amountMinor: minor,
        currency: input.currency,
      });
      if (!created) throw conflict(m.claimOpen, undefined, 'CLAIM_OPEN');
      await repo.insertPhotos(tx, photoRows(created, stored));
      await recordAudit(tx, {
        actorId: userId,
        action: 'claim.filed',
        entityType: 'claim',
        entityId: created,
        after: {
          packageId: subject.pkg?.id ?? null,
          shipmentId: subject.shipment?.id ?? null,
          type: input.type,
          amount: input.amount,
          photos: stored.length,
        },
      });
      return created;
    }),
  );
  return getCustomerClaim(deps, userId, id);
}

async function readOne(db: Executor, id: number, side: Side, userId?: number) {
  const read = await repo.findClaim(db, id, userId);
  if (!read) throw notFound(m.claimNotFound);
  const [claim] = await withThreads(db, [read], side);
  return { read, claim: claim as Claim };
}

export async function getCustomerClaim(deps: AppDeps, userId: number, id: number) {
  return (await readOne(deps.db, id, 'user', userId)).claim;
}

/** The customer's own claims, newest first. */
export async function listCustomerClaims(deps: AppDeps, userId: number, query: { page?: number; pageSize?: number }) {
  const page = pageRequestOf(query);
  const { rows, total } = await repo.listCustomerClaims(deps.db, userId, page);
  return { success: true as const, data: await withThreads(deps.db, rows, 'user'), total, ...page };
}

/** A move the lifecycle does not allow, or that another move overtook: 409 naming from and to. */
const invalidMove = (from: ClaimStatus, to: ClaimStatus) => conflict(m.invalidMove(from, to), 'status', 'INVALID_TRANSITION');

/** The customer answers staff's question (NEEDS_INFO) with text and photos: the claim is OPEN again, for staff to look at. */
export async function replyToClaim(deps: AppDeps, userId: number, id: number, body: string, files: UploadedFile[]) {
  const { read } = await readOne(deps.db, id, 'user', userId);
  const from = read.claim.status as ClaimStatus;
  if (from !== 'NEEDS_INFO') throw conflict(m.replyNotAsked, 'status', 'INVALID_TRANSITION');
  const photos = await checkPhotos(files, m.notAPhoto);
  await withStoredDocuments(deps, 'claims', photos, (stored) =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.moveClaim(tx, id, from, 'OPEN'))) throw invalidMove(from, 'OPEN');
      const messageId = await repo.insertMessage(tx, { claimId: id, authorId: userId, fromRole: 'customer', body, status: 'OPEN' });
      await repo.insertPhotos(tx, photoRows(id, stored, messageId));
      await recordAudit(tx, {
        actorId: userId,
        action: 'claim.answered',
        entityType: 'claim',
        entityId: id,
        before: { status: from },
        after: { status: 'OPEN', photos: stored.length },
      });
      const who = await repo.customerOf(tx, userId);
      await notify.claimAnswered(deps, tx, {
        id,
        reference: claimReference(id),
        about: read.hopboxId ?? read.shipmentRef ?? claimReference(id),
        body,
        photos: stored.length,
        customer: {
          name: `${who?.firstName ?? ''} ${who?.lastName ?? ''}`.trim(),
          email: who?.email ?? '',
          lockerNumber: who?.lockerNumber ?? null,
        },
      });
    }),
  );
  return getCustomerClaim(deps, userId, id);
}

const staffNamed = async (db: Executor, claim: Claim, userId: number): Promise<StaffClaim> => {
  const who = await repo.customerOf(db, userId);
  return { ...claim, customerName: `${who?.firstName ?? ''} ${who?.lastName ?? ''}`.trim(), lockerNumber: who?.lockerNumber ?? '' };
};

/** The warehouse's queue, oldest first, of one status or all; within OPEN the claims customers answered come first. */
export async function listQueue(deps: AppDeps, query: { page?: number; pageSize?: number; status?: ClaimStatus }) {
  const page = pageRequestOf(query);
  const { rows, total } = await repo.listQueue(deps.db, query.status, page);
  const claims = await withThreads(deps.db, rows, 'staff');
  const data: StaffClaim[] = claims.map((c, i) => ({
    ...c,
    customerName: `${rows[i]?.firstName ?? ''} ${rows[i]?.lastName ?? ''}`.trim(),
    lockerNumber: rows[i]?.lockerNumber ?? '',
  }));
  return { success: true as const, data, total, ...page };
}

/**
 * A claim beside the evidence the product holds, each read from its own module: the packages' receipt photos, photo
 * requests and declarations, the shipment's packed box and tracking timeline.
 */
export async function staffDetail(deps: AppDeps, id: number): Promise<StaffClaimDetail> {
  const { read, claim } = await readOne(deps.db, id, 'staff');
  const c = read.claim;
  const pkgs = c.packageId
    ? await findPackagesByRefs(deps.db, c.userId, [c.packageId])
    : await packagesOfShipments(deps.db, read.shipmentId === null ? [] : [read.shipmentId]);
  const declarations = await declarationItemsOf(
    deps.db,
    pkgs.map((p) => p.id),
  );
  const packages = await Promise.all(
    pkgs.map(async (p) => ({
      id: p.id,
      hopboxId: p.hopboxId,
      packageContent: p.packageContent,
      condition: p.shipmentStatus,
      packageWeight: Number(p.packageWeight),
      location: p.location,
      receivedAt: p.receivedDate.toISOString(),
      receiptPhotos: await receiptPhotosOf(deps, p.id),
      photoRequests: await Promise.all(
        (await listStaffPhotoRequests(deps.db, { packageId: p.id }, { page: 1, pageSize: LIST_MAX_ROWS })).items.map(async (r) => ({
          ...r,
          photos: await requestPhotosOf(deps, r.id),
        })),
      ),
      declaration: declarations.get(p.id) ?? [],
    })),
  );
  const s = read.shipmentId === null ? undefined : await findShipment(deps.db, read.shipmentId);
  const events = s ? await listEvents(deps.db, s.id, EVIDENCE_EVENTS) : [];
  const shipment = s
    ? {
        id: s.id,
        shipmentId: s.shipmentId,
        status: s.shipmentStatus,
        paymentStatus: s.paymentStatus,
        amount: s.amount === null ? null : Number(s.amount),
        awb: s.awb,
        packedBox: packedBoxOf(s),
        shippedAt: s.shippedAt?.toISOString() ?? null,
        deliveredAt: s.deliveredAt?.toISOString() ?? null,
        events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location, description: e.description })),
      }
    : null;
  return { ...(await staffNamed(deps.db, claim, c.userId)), evidence: { packages, shipment } };
}

/** What an approval does, checked before anything moves. */
type Effect =
  | { kind: 'none' }
  | { kind: 'refund'; minor: number; paymentId: number }
  | { kind: 'credit'; minor: number }
  | { kind: 'reweigh'; packageId: number; weight: number };

/** Checks staff's decision against the claim's type and bounds, and says what its approval will do. */
async function effectOf(deps: AppDeps, read: repo.ClaimRead, input: StaffClaimUpdate): Promise<Effect> {
  const c = read.claim;
  if (input.status !== 'APPROVED') {
    if (input.amount !== undefined) throw badRequest(m.resolutionOnlyOnApproval, 'amount');
    if (input.weight !== undefined) throw badRequest(m.resolutionOnlyOnApproval, 'weight');
    return { kind: 'none' };
  }
  if (c.type === 'WRONG_WEIGHT') {
    if (input.resolution !== undefined) throw badRequest(m.noResolutionForWeight, 'resolution');
    if (input.weight === undefined || c.packageId === null) throw badRequest(m.weightRequired, 'weight');
    return { kind: 'reweigh', packageId: c.packageId, weight: input.weight };
  }
  if (input.weight !== undefined) throw badRequest(m.weightOnlyForWrongWeight, 'weight');
  if (!input.resolution) throw badRequest(m.resolutionRequired, 'resolution');
  const minor = input.amount === undefined ? c.amountMinor : toMinor(input.amount);
  if (minor > c.amountMinor)
    throw badRequest(m.resolutionAmountOverClaim(toMajor(c.amountMinor), c.currency), 'amount', 'CLAIM_AMOUNT_TOO_HIGH');
  if (input.resolution === 'CREDIT') return { kind: 'credit', minor };
  const shipment = read.shipmentId === null ? undefined : await findShipment(deps.db, read.shipmentId);
  const payment =
    shipment?.paymentStatus === 'Paid' && shipment.paymentReference
      ? await findPaymentByOrderRef(deps.db, shipment.paymentReference)
      : undefined;
  if (!shipment || !payment) throw conflict(m.nothingPaid, 'resolution');
  // What was paid for this shipment, less what claims refunded of it already; the refund service then holds the payment's own bound.
  const left = toMinor(shipment.amount ?? 0) - (await repo.refundedByClaims(deps.db, shipment.id));
  if (minor > left) throw badRequest(m.refundOverPaid(toMajor(Math.max(0, left)), c.currency), 'amount', 'CLAIM_AMOUNT_TOO_HIGH');
  return { kind: 'refund', minor, paymentId: payment.id };
}

/**
 * Staff decide a claim through CLAIM_LIFECYCLE. A local effect (a credit to the balance, a package re-weighed), the
 * move, staff's message, the audit and the customer's mail are one transaction. A refund goes to the payment's provider
 * first, through the refunds service (which sets the amount aside, asks the provider, and mails the refund), with the
 * claim held meanwhile so that no other decision moves it; the move follows once the refund is made.
 */
export async function staffDecide(deps: AppDeps, staffId: number, id: number, input: StaffClaimUpdate) {
  const read = await repo.findClaim(deps.db, id);
  if (!read) throw notFound(m.claimNotFound);
  const from = read.claim.status as ClaimStatus;
  const to: ClaimStatus = input.status;
  if (!canMove(CLAIM_LIFECYCLE, from, to)) throw invalidMove(from, to);
  const effect = await effectOf(deps, read, input);
  const reference = claimReference(id);

  if (effect.kind === 'refund') {
    if (!(await repo.holdForDecision(deps.db, id, from))) {
      const now = await repo.findClaim(deps.db, id);
      if (now?.claim.status !== from) throw invalidMove(from, to);
      throw conflict(m.deciding, undefined, 'CLAIM_BEING_DECIDED');
    }
    try {
      const reason = `Claim ${reference}: ${input.message}`.slice(0, REFUND_REASON_MAX);
      await refundForClaim(deps, staffId, id, effect.paymentId, { amount: toMajor(effect.minor), reason });
    } catch (err) {
      await repo.releaseDecision(deps.db, id);
      throw err;
    }
  }

  await deps.db.transaction(async (tx) => {
    const set = {
      handledBy: staffId,
      ...(effect.kind === 'refund' || effect.kind === 'credit'
        ? { resolution: effect.kind === 'refund' ? ('REFUND' as const) : ('CREDIT' as const), resolvedMinor: effect.minor }
        : {}),
      ...(effect.kind === 'reweigh' ? { correctedWeight: String(effect.weight) } : {}),
    };
    if (!(await repo.moveClaim(tx, id, from, to, set, effect.kind === 'refund'))) throw invalidMove(from, to);
    if (effect.kind === 'credit') await credit(tx, read.claim.userId, effect.minor, 'CLAIM_CREDIT', reference);
    if (effect.kind === 'reweigh') await reweigh(tx, staffId, effect);
    await repo.insertMessage(tx, { claimId: id, authorId: staffId, fromRole: 'staff', body: input.message, status: to });
    await recordAudit(tx, {
      actorId: staffId,
      action: `claim.${to.toLowerCase()}`,
      entityType: 'claim',
      entityId: id,
      before: { status: from },
      after: {
        status: to,
        resolution: set.resolution ?? null,
        amount: set.resolvedMinor === undefined ? null : toMajor(set.resolvedMinor),
        correctedWeight: effect.kind === 'reweigh' ? effect.weight : null,
        message: input.message,
      },
    });
    await notify.claimDecided(deps, tx, read.claim.userId, {
      id,
      reference,
      type: read.claim.type as ClaimType,
      status: to,
      about: read.hopboxId ?? read.shipmentRef ?? reference,
      amount: toMajor(read.claim.amountMinor),
      currency: read.claim.currency,
      resolution: set.resolution ?? null,
      resolvedAmount: set.resolvedMinor === undefined ? null : toMajor(set.resolvedMinor),
      correctedWeight: effect.kind === 'reweigh' ? effect.weight : null,
      message: input.message,
    });
  });
  return staffDetail(deps, id);
}

/** A wrong weight approved: the package's corrected weight, so its next price follows; refused once it is paid for. */
async function reweigh(tx: Executor, staffId: number, effect: { packageId: number; weight: number }) {
  if (!(await repo.reweighPackage(tx, effect.packageId, effect.weight))) {
    throw conflict(m.weightNotChangeable, 'weight', 'CLAIM_WINDOW_CLOSED');
  }
  await recordAudit(tx, {
    actorId: staffId,
    action: 'package.reweighed',
    entityType: 'package',
    entityId: effect.packageId,
    after: { packageWeight: effect.weight },
  });
}

/** A claim's photo to stream: the customer's own, or any for staff. */
export async function photoOf(deps: AppDeps, id: number, userId?: number) {
  const photo = await repo.findPhoto(deps.db, id, userId);
  if (!photo) throw missingPhoto();
  return photo;
}
export const missingPhoto = () => notFound(m.photoNotFound);
