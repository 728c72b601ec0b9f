import { type Address, type ShipmentDestination, shipmentAddressOf } from '@hopbox/contracts/addresses';
import { type CarrierOption, transitWords } from '@hopbox/contracts/carrier-options';
import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { dispatchMoveProblem } from '@hopbox/contracts/dispatch';
import { type Duties, dutiesWords } from '@hopbox/contracts/duties';
import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { messages } from '@hopbox/contracts/messages';
import { packageRequestMessages } from '@hopbox/contracts/package-requests';
import { isProhibited } from '@hopbox/contracts/packages';
import { choicePrice } from '@hopbox/contracts/price-choice';
import { boxSizeText, type PackedBox, packedBoxOf, roundWeight } from '@hopbox/contracts/pricing';
import {
  awbProblem,
  type ConsolidationStatus,
  type CreateShipmentInput,
  consolidationChange,
  type createShipmentSchema,
  PACKED_BOX_FIELDS,
  type StaffShipment,
  type sentShipmentsQuerySchema,
  type staffShipmentUpdateSchema,
} from '@hopbox/contracts/shipments';
import type { staffShipmentsQuerySchema } from '@hopbox/contracts/staff-shipments';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { portalPage, portalWindow } from '../../db/paging.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, heldByPayment, notFound } from '../../lib/errors.ts';
import * as addressesRepo from '../addresses/addresses-repository.ts';
import { changedFields, recordAudit } from '../audit/audit-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { packagesWithOpenRequest } from '../package-requests/package-requests-repository.ts';
import { estimateShipment, quotePackedBox } from '../pricing/pricing-service.ts';
import { consolidationQuoteKey, heldOrHeldAnew, holdPrice, optionsOf, pricedParts, pricingContext } from '../pricing/shipment-quote.ts';
import { moveShipment } from './shipment-moves.ts';
import * as repo from './shipments-repository.ts';

type CreateInput = z.output<typeof createShipmentSchema>;
type PackageRow = Awaited<ReturnType<typeof repo.findPackagesByRefs>>[number];
const m = messages.shipments;
const singlePackageMessage = 'A single package is paid by card before its shipment is created. Please pay for it from Received Packages.';

/**
 * The customer's packages for a new shipment: all found, none already shipped, none prohibited, one origin, and
 * none held by an open payment, unless `heldOk` (paying for them again answers the payment already open).
 */
export async function packagesForShipment(db: Executor, userId: number, refs: (number | string)[], { heldOk = false } = {}) {
  // Hopbox IDs are stored upper-case; a package named twice (or by id and Hopbox ID) is one package.
  const unique = [...new Set(refs.map((r) => (typeof r === 'string' ? r.toUpperCase() : r)))];
  const rows = await repo.findPackagesByRefs(db, userId, unique);
  const found = (r: number | string) => rows.some((p) => (typeof r === 'number' ? p.id === r : p.hopboxId === r));
  if (!unique.every(found)) throw notFound(messages.packages.packageNotFound);
  if (rows.some((p) => p.shipmentId !== null)) throw conflict(messages.packages.packageInShipment, undefined, 'PACKAGE_IN_SHIPMENT');
  // Returned, discarded or split by a package request (decision 061): gone from the locker, never shipped or priced.
  if (rows.some((p) => p.leftAt !== null)) throw conflict(packageRequestMessages.packageLeft, undefined, 'PACKAGE_LEFT');
  // The warehouse is working on it (a repack changes its price, a return or discard takes it away): it waits.
  const working = await packagesWithOpenRequest(
    db,
    rows.map((p) => p.id),
  );
  if (working.length > 0) {
    const named = rows.filter((p) => working.includes(p.id)).map((p) => p.hopboxId);
    throw conflict(packageRequestMessages.requestOpenOn(named), 'packages', 'REQUEST_OPEN');
  }
  if (!heldOk && rows.some((p) => p.openPaymentId !== null)) throw heldByPayment();
  const prohibited = rows.filter(isProhibited).map((p) => p.hopboxId);
  if (prohibited.length > 0) throw conflict(m.prohibited(prohibited), 'packages', 'PACKAGE_PROHIBITED');
  if (new Set(rows.map((p) => p.origin)).size > 1) throw badRequest(m.differentOrigins, 'packages');
  return rows;
}

/**
 * Issue "Declare, insure": no shipment is created or paid for while a package's customs declaration is incomplete;
 * the message names every such package.
 */
export function assertDeclared(rows: readonly { hopboxId: string; declarationComplete: boolean }[]) {
  const incomplete = rows.filter((p) => !p.declarationComplete).map((p) => p.hopboxId);
  if (incomplete.length > 0) throw conflict(declarationMessages.incomplete(incomplete), 'packages', 'DECLARATION_INCOMPLETE');
}

/** The address comes from the customer's book: by id, or matching the fields SPEC.md's client sends. */
export async function addressForShipment(
  db: Executor,
  userId: number,
  input: { addressId?: number; address?: string | null; city?: string | null; country?: string | null },
): Promise<Address> {
  if (input.addressId) {
    const found = await addressesRepo.findAddress(db, userId, input.addressId);
    if (!found) throw badRequest(m.selectAddress, 'addressId');
    return found;
  }
  const book = await addressesRepo.listAddresses(db, userId);
  if (book.length === 0) throw badRequest(m.noAddresses, 'address');
  const same = (a?: string | null, b?: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  const found = book.find((a) => same(a.address, input.address) && same(a.city, input.city) && same(a.country, input.country));
  if (!found) throw badRequest(m.selectAddress, 'address');
  return found;
}

export const pricedPackages = (rows: PackageRow[]) =>
  rows.map((p) => ({
    origin: p.origin,
    quantity: p.quantity,
    packageWeight: Number(p.packageWeight),
    packageLength: Number(p.packageLength),
    packageBreadth: Number(p.packageBreadth),
    packageHeight: Number(p.packageHeight),
  }));

export const totalWeight = (rows: PackageRow[]) => roundWeight(rows.reduce((t, p) => t + Number(p.packageWeight), 0));

/** Creates the shipment row and moves the packages into it, inside the caller's transaction. */
export async function insertShipment(
  tx: Executor,
  userId: number,
  rows: PackageRow[],
  address: ShipmentDestination,
  extra: {
    notes: string | null;
    isConsolidated: boolean;
    status: string;
    paymentStatus: string;
    paymentReference: string | null;
    amount: number | null;
    /** The weight that was priced, when a payment was; otherwise the packages' weight now. */
    totalWeight?: number;
    /** What the payment charged besides shipping (insurance, storage) and its lines. */
    charge?: repo.ChargeColumns;
  },
) {
  const origin = rows[0]?.origin ?? '';
  const shipment = await repo.insertShipmentWithPackages(
    tx,
    {
      userId,
      isConsolidated: extra.isConsolidated,
      origin,
      ...shipmentAddressOf(address),
      notes: extra.notes,
      totalWeight: String(extra.totalWeight ?? totalWeight(rows)),
      amount: extra.amount === null ? null : extra.amount.toFixed(2),
      shipmentStatus: extra.status,
      consolidationStatus: extra.isConsolidated ? 'Pending' : null,
      paymentStatus: extra.paymentStatus,
      paymentReference: extra.paymentReference,
      hostId: await repo.activeHostIdForCountry(tx, origin),
      orderDate: extra.paymentStatus === 'Paid' ? new Date() : null,
      ...repo.chargeColumns(extra.charge),
    },
    rows.map((p) => p.id),
  );
  if (!shipment) throw conflict(messages.packages.packageInShipment, undefined, 'PACKAGE_IN_SHIPMENT');
  // The customer's order, in the shipment's history: what went in, where to, and their note for the packer.
  await recordAudit(tx, {
    actorId: userId,
    action: 'shipment.created',
    entityType: 'shipment',
    entityId: shipment.id,
    after: { packages: rows.map((p) => p.hopboxId), destination: address.country, customerNote: extra.notes },
  });
  return shipment;
}

/**
 * POST /api/user/shipments. Several packages make a Pending consolidation, paid later. A single
 * package is paid first: this call then only answers the shipment its captured payment created.
 */
export async function createShipment(deps: AppDeps, userId: number, input: CreateInput) {
  if (input.packages.length === 1 || input.isSinglePackage) {
    const existing = input.paymentReference
      ? await repo.findShipmentByPaymentReference(deps.db, userId, input.paymentReference)
      : undefined;
    if (existing) return { id: existing.id, shipmentId: existing.shipmentId, created: false };
    throw conflict(singlePackageMessage);
  }
  const rows = await packagesForShipment(deps.db, userId, input.packages);
  // The same package listed twice is still a single package: it is paid by card, never consolidated.
  if (rows.length < 2) throw conflict(singlePackageMessage);
  assertDeclared(rows);
  const address = await addressForShipment(deps.db, userId, input);
  const shipment = await deps.db.transaction((tx) =>
    insertShipment(tx, userId, rows, address, {
      notes: input.notes,
      isConsolidated: true,
      status: 'Pending',
      paymentStatus: 'Unpaid',
      paymentReference: null,
      amount: null,
    }),
  );
  return { id: shipment.id, shipmentId: shipment.shipmentId, created: true };
}

interface Consolidation {
  id: number;
  origin: string;
  country: string;
  box: PackedBox | null;
}

/**
 * What each consolidation costs (decision 026): its packed box once staff recorded it, the estimate from its
 * packages before. Answers each one's settled quote; the packages of all the unpacked ones are read in one query.
 */
export async function quoteConsolidations(deps: AppDeps, list: Consolidation[]) {
  const unpacked = list.filter((c) => !c.box).map((c) => c.id);
  const packageRows = await repo.packagesOfShipments(deps.db, unpacked);
  const quoteOne = (c: Consolidation) =>
    c.box
      ? quotePackedBox(deps, c.origin, c.box, c.country)
      : estimateShipment(deps, pricedPackages(packageRows.filter((p) => p.shipmentId === c.id)), c.country);
  const settled = await Promise.allSettled(list.map(quoteOne));
  return new Map(list.map((c, i) => [c.id, settled[i] as (typeof settled)[number]]));
}

/**
 * Shipments Progress rows with what each costs: the packed box's price, or the estimate before packing, plus the
 * storage fees its packages accrue until it is paid, and the insurance on offer. The price of a consolidation ready
 * to pay is held (QUOTE_HOLD_MINUTES) for the payment the customer starts from it.
 */
export async function listConsolidatedWithPrices(deps: AppDeps, userId: number) {
  const rows = await repo.listConsolidated(deps.db, userId);
  const list = rows.map((r) => ({
    id: r.id,
    origin: r.origin,
    country: r.destination,
    box: packedBoxOf({
      packedWeight: r.packed_weight,
      packedLength: r.packed_length,
      packedBreadth: r.packed_breadth,
      packedHeight: r.packed_height,
    }),
  }));
  const [quotes, contents] = await Promise.all([
    quoteConsolidations(deps, list),
    repo.packagesOfShipments(
      deps.db,
      rows.map((r) => r.id),
    ),
  ]);
  // One read of every listed package's storage, goods and destination rules, not one per consolidation.
  const context = await pricingContext(
    deps,
    contents,
    rows.map((r) => r.destination),
  );
  return Promise.all(
    rows.map(async (row) => {
      const priced = quotes.get(row.id);
      if (priced?.status !== 'fulfilled') {
        deps.log.warn({ err: priced?.reason, shipmentId: row.shipment_id }, 'consolidation could not be priced');
        return row;
      }
      const pkgs = contents.filter((p) => p.shipmentId === row.id);
      const box = list.find((c) => c.id === row.id)?.box ?? null;
      const fresh = () => pricedParts(deps, priced.value, pkgs, context);
      // A ready consolidation shows the price held for it (told in the "packed" mail, charged at checkout) while it
      // holds, and holds a fresh one after that (decision 054).
      const key = consolidationQuoteKey(row.id, box, pkgs);
      const { price: held, heldUntil } = row.ready_to_ship
        ? await heldOrHeldAnew(deps, userId, key, fresh)
        : { price: await fresh(), heldUntil: null };
      const { lines, total, option, duties } = choicePrice(held, { insured: false }) as NonNullable<ReturnType<typeof choicePrice>>;
      return {
        ...row,
        amount: total,
        breakdown: lines,
        insurance: held.insurance,
        price_held_until: heldUntil?.toISOString() ?? null,
        options: optionsOf(held),
        option: option?.id ?? null,
        duties,
        duties_basis: held.dutiesBasis,
      };
    }),
  );
}

/** The customer's unpaid consolidations that are ready to ship, or SPEC.md's message. */
export async function consolidationsToPay(deps: AppDeps, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.findUserShipments(deps.db, userId, unique);
  if (rows.length !== unique.length) throw notFound('Shipment not found');
  if (rows.some((s) => !s.isConsolidated || s.paymentStatus === 'Paid' || s.shipmentStatus !== 'Pending')) {
    throw conflict('One of these shipments is already paid or is not a consolidation');
  }
  if (rows.some((s) => !s.readyToShip)) throw badRequest(m.notReady, 'shipmentIds');
  return rows;
}

/** GET /api/user/shipments/sent: one page of the customer's paid shipments, or SPEC.md's list when no page is asked (decision 076). */
export async function listSentShipments(deps: AppDeps, userId: number, query: z.output<typeof sentShipmentsQuerySchema>) {
  const window = portalWindow(query);
  const { items, total } = await repo.listSent(deps.db, userId, query.q || undefined, window);
  return portalPage(items, total, window);
}

/** GET /api/staff/shipments: one page of a warehouse list, with its count up to LIST_COUNT_CAP (decision 075). */
export async function listStaffShipments(deps: AppDeps, query: z.output<typeof staffShipmentsQuerySchema>) {
  const { page, pageSize } = query;
  const { items, total, totalCapped } = await repo.listForStaff(deps.db, query.status, { page, pageSize });
  return { success: true as const, data: items, total, totalCapped, page, pageSize };
}

export type StaffUpdate = z.output<typeof staffShipmentUpdateSchema>;

/** The packed box this change leaves the consolidation with: the one sent, else the one recorded before. */
function packedBoxAfter(current: StaffShipment, input: StaffUpdate): PackedBox | null {
  if (
    input.packedWeight !== undefined &&
    input.packedLength !== undefined &&
    input.packedBreadth !== undefined &&
    input.packedHeight !== undefined
  )
    return {
      packedWeight: input.packedWeight,
      packedLength: input.packedLength,
      packedBreadth: input.packedBreadth,
      packedHeight: input.packedHeight,
    };
  return packedBoxOf(current);
}

const sameBox = (a: PackedBox | null, b: PackedBox | null) => a !== null && b !== null && PACKED_BOX_FIELDS.every((f) => a[f] === b[f]);

/** The consolidation rules of a staff change: consolidations only, unpaid only, ready only once packed. */
function assertConsolidationChange(current: StaffShipment, input: StaffUpdate, box: PackedBox | null) {
  const touchesConsolidation = input.readyToShip !== undefined || input.consolidationStatus || input.packedWeight !== undefined;
  if (!touchesConsolidation) return;
  if (!current.isConsolidated) throw conflict(m.consolidationOnly);
  if (changesWhatIsPriced(input) && current.paymentStatus === 'Paid') throw conflict('This consolidation is already paid');
  if (changesWhatIsPriced(input) && current.paymentOpen) throw heldByPayment();
  const change = consolidationChange(input);
  if ('problem' in change) throw conflict(change.problem, 'readyToShip');
  if (input.readyToShip === true && !box) throw conflict(m.packedBoxRequired, 'packedWeight', 'PACKED_BOX_REQUIRED');
}

/**
 * A change to the box or the readiness (reopening a consolidation takes it off ready too): what the customer's
 * price is made of, so never while it is paid for or being paid.
 */
function changesWhatIsPriced(input: StaffUpdate) {
  const change = consolidationChange(input);
  return input.packedWeight !== undefined || ('readyToShip' in change && change.readyToShip !== undefined);
}

/** Why a consolidation change found the row changed meanwhile: paid, a payment opened, or moved by someone else. */
async function whyUnchanged(tx: Executor, id: number, packingTo: ConsolidationStatus | undefined) {
  const now = await repo.findStaffShipment(tx, id);
  if (now?.paymentOpen) return heldByPayment();
  if (now?.paymentStatus === 'Paid' || !packingTo) return conflict('This consolidation is already paid');
  return conflict(
    lifecycleMessages.consolidations.invalidMove(now?.consolidationStatus ?? 'Pending', packingTo),
    'consolidationStatus',
    'INVALID_TRANSITION',
  );
}

/**
 * The packed consolidation's price as the customer is told it (decision 054): the figure Shipments Progress shows
 * and checkout charges, shipping plus the storage fees accrued so far, held for the customer from now. Read and
 * held before the staff change's transaction; the mail goes out with the change.
 */
async function readyOffer(
  deps: AppDeps,
  shipment: StaffShipment,
  price: Awaited<ReturnType<typeof quotePackedBox>>,
  box: PackedBox,
): Promise<ReadyMail> {
  const pkgs = await repo.packagesOfShipments(deps.db, [shipment.id]);
  const held = await pricedParts(deps, price, pkgs);
  const pricedAt = deps.clock.now();
  // A consolidation holds its customer's own packages only: the price is held for their owner.
  const owner = pkgs[0];
  if (!owner?.userId) throw new Error(`Consolidation ${shipment.shipmentId} has no packages to price`);
  const heldUntil = await holdPrice(deps, owner.userId, consolidationQuoteKey(shipment.id, box, pkgs), held);
  const { lines, total, option, duties } = choicePrice(held, { insured: false }) as NonNullable<ReturnType<typeof choicePrice>>;
  return {
    choice: readyChoiceWords(option, held.options.length, duties),
    shipmentId: shipment.shipmentId,
    amount: total,
    currency: held.currency,
    lines,
    pricedAt,
    heldUntil,
    packedWeight: box.packedWeight,
    packedSize: boxSizeText(box),
  };
}
type ReadyMail = Parameters<typeof notify.consolidationReady>[3];

/** What the "packed" mail's price is for, and what the customer may still choose when paying (decisions 070, 071). */
function readyChoiceWords(option: CarrierOption | null, offered: number, duties: Duties | null): string | undefined {
  if (!option) return undefined;
  const others = offered > 1 ? `, the cheapest of ${offered} options; you can choose another carrier when you pay` : '';
  const carrier = `The price is for ${option.name} (${transitWords(option.transitDays)})${others}.`;
  return duties ? `${carrier} ${dutiesWords(duties)}` : carrier;
}

/** Staff changes; dispatch statuses apply only to paid shipments. */
export async function staffUpdateShipment(deps: AppDeps, actorId: number, id: number, input: StaffUpdate) {
  const current = await repo.findStaffShipment(deps.db, id);
  if (!current) throw notFound('Shipment not found');
  if (input.shipmentStatus && current.paymentStatus !== 'Paid')
    throw conflict('Only a paid shipment can be processed, shipped or delivered');
  const move = input.shipmentStatus && input.shipmentStatus !== current.shipmentStatus ? input.shipmentStatus : undefined;
  const moveRefusal = move ? dispatchMoveProblem(current, move) : null;
  if (moveRefusal) throw conflict(moveRefusal.message, 'shipmentStatus', moveRefusal.code);
  const box = packedBoxAfter(current, input);
  assertConsolidationChange(current, input, box);
  const awbRefusal = awbProblem(current, input);
  if (awbRefusal) throw conflict(awbRefusal, 'awb');
  const consolidation = consolidationChange(input);
  if ('problem' in consolidation) throw conflict(consolidation.problem, 'readyToShip');
  // The database holds only the lifecycle's statuses (its CHECK constraint).
  const packingFrom = (current.consolidationStatus ?? 'Pending') as ConsolidationStatus;
  // Saying the packing status it already has is no move (marking a packed box ready again, a retried request).
  if (consolidation.consolidationStatus === packingFrom) delete consolidation.consolidationStatus;
  const readyAfter = consolidation.readyToShip ?? current.readyToShip;
  // The customer is told the price when the box is ready, and again if it is weighed anew while ready.
  const tellCustomer = current.isConsolidated && readyAfter && box && (!current.readyToShip || !sameBox(box, packedBoxOf(current)));
  const price = tellCustomer ? await quotePackedBox(deps, current.origin, box, current.destination) : null;
  const offer = price && box ? await readyOffer(deps, current, price, box) : null;
  const values = {
    ...consolidation,
    ...(input.packedWeight !== undefined && box
      ? {
          packedWeight: String(box.packedWeight),
          packedLength: String(box.packedLength),
          packedBreadth: String(box.packedBreadth),
          packedHeight: String(box.packedHeight),
        }
      : {}),
    ...(input.awb !== undefined ? { awb: input.awb || null } : {}),
    ...(input.processingDate !== undefined ? { processingDate: input.processingDate ? new Date(input.processingDate) : null } : {}),
    ...(input.shipmentStatus === 'Processed' && input.processingDate === undefined && !current.processingDate
      ? { processingDate: new Date() }
      : {}),
  };
  if (Object.keys(values).length === 0 && !input.shipmentStatus && !input.consolidationStatus)
    throw badRequest(lifecycleMessages.shipments.nothingToChange);
  // Saying the status it already has, and nothing else, changes nothing (a retried request).
  if (Object.keys(values).length === 0 && !move) return current;
  await deps.db.transaction(async (tx) => {
    if (Object.keys(values).length > 0) {
      // A payment captured, or opened, since the checks above leaves the consolidation as it is priced.
      const { consolidationStatus: packingTo, ...rest } = values;
      const updated = packingTo
        ? await repo.moveConsolidation(tx, id, packingFrom, packingTo, rest)
        : await repo.updateShipment(tx, id, rest, { unpaidOnly: changesWhatIsPriced(input) });
      if (!updated) throw await whyUnchanged(tx, id, packingTo);
      if (offer) await notify.consolidationReady(deps, tx, updated.userId, offer);
    }
    // Another request moved it meanwhile: this move is no longer the next one.
    if (move && !(await moveShipment(deps, tx, id, move))) {
      const now = (await repo.findStaffShipment(tx, id)) ?? current;
      throw conflict(lifecycleMessages.shipments.invalidMove(now.shipmentStatus, move), 'shipmentStatus', 'INVALID_TRANSITION');
    }
    const after = (await repo.findStaffShipment(tx, id)) as StaffShipment;
    await recordAudit(tx, { actorId, action: 'shipment.updated', entityType: 'shipment', entityId: id, ...changedFields(current, after) });
  });
  return (await repo.findStaffShipment(deps.db, id)) as NonNullable<Awaited<ReturnType<typeof repo.findStaffShipment>>>;
}

export type { CreateShipmentInput };
