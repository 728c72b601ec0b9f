import { buffer } from 'node:stream/consumers';
import { recipientOf } from '@hopbox/contracts/addresses';
import { carrierMessages } from '@hopbox/contracts/carrier-messages';
import { countryCode } from '@hopbox/contracts/countries';
import { consolidatedBoxEstimate, DEFAULT_PRODUCT_TYPE, DEFAULT_SERVICE_TYPE, packedBoxOf, roundWeight } from '@hopbox/contracts/pricing';
import type { AirwayBill, ShipmentTracking } from '@hopbox/contracts/shipments';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { CARRIER_LIMITS, checkedLabel, newestEvents } from '../../providers/carriers/carrier-bounds.ts';
import {
  type CarrierBookingRequest,
  type CarrierEvent,
  type CarrierProvider,
  CarrierRefusedError,
  CarrierUnavailableError,
} from '../../providers/carriers/carrier-provider.ts';
import { mergePdfs } from '../../providers/carriers/label-pdf.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { declaredValueAed } from '../pricing/declared-value.ts';
import * as repo from './carrier-repository.ts';
import { declaredLinesOf, totalInAed, totalsByCurrency } from './commercial-invoice.ts';
import type { InvoiceLine } from './invoice-pdf.ts';
import { moveShipment } from './shipment-moves.ts';
import { pricedPackages } from './shipments-service.ts';

type ShipmentRow = NonNullable<Awaited<ReturnType<typeof repo.findShipment>>>;
type BookingFacts = NonNullable<Awaited<ReturnType<typeof repo.bookingFacts>>>;

const labelUrl = (id: number) => `/api/staff/shipments/${id}/label`;
const airwayBillOf = (s: ShipmentRow): AirwayBill => ({ awb: s.awb as string, carrier: s.carrier as string, labelUrl: labelUrl(s.id) });
const countryOf = (place: string) => countryCode(place) ?? place;

/** The carrier's limit on the goods description (CarrierBookingRequest.description). */
const DESCRIPTION_LIMIT = 200;

/**
 * The declared goods in words within the carrier's limit: each distinct description once, in order, and
 * "and N more" for those that do not fit, so the carrier reads whole words and knows the list goes on.
 */
export function goodsDescription(descriptions: readonly string[], limit = DESCRIPTION_LIMIT): string {
  const distinct = [...new Set(descriptions.map((d) => d.replace(/\s+/g, ' ').trim()).filter(Boolean))];
  if (distinct.length === 0) return 'Personal goods';
  for (let shown = distinct.length; shown > 0; shown--) {
    const left = distinct.length - shown;
    const text = distinct.slice(0, shown).join(', ') + (left > 0 ? ` and ${left} more` : '');
    if (text.length <= limit) return text;
  }
  // Even the first description alone is too long: cut it.
  const rest = distinct.length > 1 ? ` and ${distinct.length - 1} more` : '';
  return `${(distinct[0] as string).slice(0, limit - rest.length - 3).trimEnd()}...${rest}`;
}

/**
 * The declared value the carrier is told: the declaration's total in its currency, or, when the packages
 * are declared in several currencies, their sum in AED by the rate card's table (the request has one currency).
 */
export function declaredValueOf(lines: readonly InvoiceLine[]): { declaredValue: number; currency: string } {
  const totals = totalsByCurrency(lines);
  const only = totals.length === 1 ? totals[0] : undefined;
  if (only) return { declaredValue: only.amount, currency: only.currency };
  if (totals.length === 0) return { declaredValue: 0, currency: 'AED' };
  return { declaredValue: totalInAed(totals) ?? declaredValueAed(totals), currency: 'AED' };
}

/**
 * What the carrier is told: the host sends, the shipment's address receives, the packed box (or the packages)
 * travel, described and valued by their customs declaration (`lines`, from declaredLinesOf).
 */
export function bookingRequestOf(
  { shipment, customer, host, packages }: BookingFacts,
  lines: readonly InvoiceLine[],
): CarrierBookingRequest {
  const box = packedBoxOf(shipment);
  const only = packages.length === 1 ? packages[0] : undefined;
  const estimate = consolidatedBoxEstimate(pricedPackages(packages));
  const dimensions = box
    ? { length: box.packedLength, breadth: box.packedBreadth, height: box.packedHeight }
    : only
      ? { length: Number(only.packageLength), breadth: Number(only.packageBreadth), height: Number(only.packageHeight) }
      : { length: estimate.length, breadth: estimate.breadth, height: estimate.height };
  const customerName = `${customer.firstName} ${customer.lastName}`;
  return {
    reference: shipment.shipmentId,
    lockerNumber: customer.lockerNumber ?? '',
    sender: {
      name: host?.name ?? 'Hopbox warehouse',
      address: host?.address ?? '',
      city: host?.city ?? '',
      state: null,
      postalCode: host?.postalCode ?? null,
      country: countryOf(host?.country ?? shipment.origin),
      phone: host?.phone ?? null,
      reference: customer.lockerNumber,
    },
    receiver: {
      name: recipientOf(shipment.recipientName, customerName),
      address: shipment.address,
      city: shipment.city,
      state: shipment.state,
      postalCode: shipment.postalCode,
      country: countryOf(shipment.country),
      phone: shipment.phone ?? customer.phone,
    },
    description: goodsDescription(lines.map((l) => l.description)),
    ...declaredValueOf(lines),
    pieces: box || packages.length <= 1 ? 1 : packages.length,
    weight: box ? box.packedWeight : roundWeight(Number(shipment.totalWeight)),
    dimensions,
    // Shipments paid before options were offered went as SPEC.md's Express at normal service.
    product: shipment.carrierOption?.product ?? DEFAULT_PRODUCT_TYPE,
    service: shipment.carrierOption?.service ?? DEFAULT_SERVICE_TYPE,
    dutiesPaid: shipment.duties?.payableAt === 'PREPAID',
  };
}

/** A carrier's failure as the API answers it: its own reason (502) or its silence (503). */
function carrierFailure(err: unknown): AppError | null {
  if (err instanceof CarrierRefusedError)
    return new AppError(502, carrierMessages.carrierRefused(err.message), 'Bad Gateway', undefined, undefined, 'CARRIER_REFUSED');
  if (err instanceof CarrierUnavailableError)
    return new AppError(
      503,
      carrierMessages.carrierUnavailable,
      'Service Unavailable',
      undefined,
      { 'retry-after': '30' },
      'CARRIER_UNAVAILABLE',
    );
  return null;
}

/** The carrier's silence is retried once at once; a refusal is its answer and is not. */
async function withOneRetry<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof CarrierUnavailableError)) throw err;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return call();
  }
}

/** How long a second booking request waits for the first one's AWB before it gives up. */
const BOOKING_WAIT_MS = 15_000;

/**
 * The answer for a shipment this request could not claim: its booking when it has one (made by hand or by
 * a request that finished meanwhile), the reason it cannot be booked, or, while another request books it,
 * that request's AWB once it lands.
 */
async function unclaimable(deps: AppDeps, actorId: number | null, id: number): Promise<AirwayBill> {
  const until = Date.now() + BOOKING_WAIT_MS;
  for (;;) {
    const current = await repo.findShipment(deps.db, id);
    if (!current) throw notFound('Shipment not found');
    if (current.awb && current.carrier) return airwayBillOf(current);
    if (current.awb) throw conflict(carrierMessages.bookedByHand(current.awb), 'awb', 'BOOKED_BY_HAND');
    if (current.paymentStatus !== 'Paid') throw conflict(carrierMessages.bookingUnpaid, undefined, 'SHIPMENT_UNPAID');
    // Not claimed any more and still no AWB: the other request failed; this one may try itself.
    if (!current.bookingClaimedAt) return bookShipment(deps, actorId, id);
    if (Date.now() > until) throw conflict(carrierMessages.bookingInProgress, undefined, 'BOOKING_IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * POST /api/staff/shipments/{id}/airway-bill. Books a paid shipment once: a shipment booked already answers
 * its AWB. A carrier failure leaves the shipment as it was, with the carrier's message for staff to see.
 */
export async function bookShipment(deps: AppDeps, actorId: number | null, id: number): Promise<AirwayBill> {
  const claimed = await repo.claimBooking(deps.db, id);
  if (!claimed) return unclaimable(deps, actorId, id);
  const facts = (await repo.bookingFacts(deps.db, id)) as BookingFacts;
  const request = bookingRequestOf(facts, await declaredLinesOf(deps.db, facts.packages));
  // The carrier the customer chose and paid for; CARRIER_PROVIDER for a shipment paid before there was a choice.
  let carrier: CarrierProvider = deps.carriers.current;
  let awb: string;
  let label: Uint8Array | undefined;
  try {
    carrier = deps.carriers.byName(facts.shipment.carrierOption?.carrier ?? deps.carriers.current.name);
    ({ awb, label } = await withOneRetry(() => carrier.book(request)));
  } catch (err) {
    const failure = carrierFailure(err);
    const reason = failure || err instanceof AppError ? (err as Error).message : 'The carrier could not be reached';
    await repo.recordCarrierError(deps.db, id, reason);
    deps.log.warn({ err, shipmentId: claimed.shipmentId }, 'carrier booking failed');
    throw failure ?? err;
  }
  const booked = await deps.db.transaction(async (tx) => {
    const recorded = await repo.recordBooking(tx, id, { awb, carrier: carrier.name });
    if (!recorded) throw conflict(carrierMessages.bookingInProgress, undefined, 'BOOKING_IN_PROGRESS');
    // Booked is at the dock: a Finalized shipment is Processed (one already further along stays where it is).
    const row = (await moveShipment(deps, tx, id, 'Processed')) ?? recorded;
    await recordAudit(tx, {
      actorId,
      action: 'shipment.booked',
      entityType: 'shipment',
      entityId: id,
      before: { awb: null, shipmentStatus: claimed.shipmentStatus },
      after: { awb, carrier: row.carrier, shipmentStatus: row.shipmentStatus },
    });
    return row;
  });
  // The label is kept now so the dock can print at once: the one the booking handed over (DHL gives it only then), else
  // fetched; a failure here is retried on first print.
  const keep = async () => (label ? keepLabel(deps, booked, Buffer.from(checkedLabel(label, carrier.name))) : storedLabel(deps, booked));
  await keep().catch((err) => deps.log.warn({ err, shipmentId: booked.shipmentId }, 'label not kept yet'));
  return airwayBillOf(booked);
}

/** The label PDF, fetched from the carrier the first time and kept in storage after. */
async function storedLabel(deps: AppDeps, shipment: ShipmentRow): Promise<Buffer> {
  if (shipment.labelKey) {
    const kept = await deps.storage.get(shipment.labelKey);
    if (kept) return buffer(kept.stream);
  }
  const carrier = deps.carriers.byName(shipment.carrier as string);
  let pdf: Buffer;
  try {
    pdf = Buffer.from(checkedLabel(await withOneRetry(() => carrier.label(shipment.awb as string)), carrier.name));
  } catch (err) {
    // Kept for staff beside the shipment, as a booking's failure is.
    if (carrierFailure(err)) await repo.recordCarrierError(deps.db, shipment.id, (err as Error).message);
    throw err;
  }
  return keepLabel(deps, shipment, pdf);
}

/** Stores the shipment's label once; later prints read it from storage. */
async function keepLabel(deps: AppDeps, shipment: ShipmentRow, pdf: Buffer): Promise<Buffer> {
  // The key holds no carrier-given text: the shipment has one booking, so one label.
  const key = `labels/${shipment.id}.pdf`;
  await deps.storage.put(key, pdf, 'application/pdf');
  await repo.recordLabel(deps.db, shipment.id, key);
  return pdf;
}

const booked = (s: ShipmentRow | undefined): s is ShipmentRow & { awb: string; carrier: string } => Boolean(s?.awb && s.carrier);

/** GET /api/staff/shipments/{id}/label. */
export async function shipmentLabel(deps: AppDeps, id: number) {
  const shipment = await repo.findShipment(deps.db, id);
  if (!shipment) throw notFound('Shipment not found');
  if (!booked(shipment)) throw conflict(carrierMessages.notBooked, undefined, 'NOT_BOOKED');
  try {
    return { pdf: await storedLabel(deps, shipment), fileName: `label-${shipment.shipmentId}-${shipment.awb}.pdf` };
  } catch (err) {
    throw carrierFailure(err) ?? err;
  }
}

/** GET /api/staff/shipments/labels?ids=…: the labels of booked shipments in one PDF, in the order asked. */
export async function shipmentLabels(deps: AppDeps, ids: number[]) {
  const rows = await repo.findShipments(deps.db, ids);
  if (rows.length !== ids.length) throw notFound('Shipment not found');
  const ordered = ids.map((id) => rows.find((r) => r.id === id) as ShipmentRow);
  const unbooked = ordered.filter((s) => !booked(s)).map((s) => s.shipmentId);
  if (unbooked.length > 0) throw conflict(carrierMessages.notBookedMany(unbooked), 'ids', 'NOT_BOOKED');
  try {
    const pdfs = [];
    for (const shipment of ordered) pdfs.push(await storedLabel(deps, shipment));
    return Buffer.from(await mergePdfs(pdfs));
  } catch (err) {
    throw carrierFailure(err) ?? err;
  }
}

const deliveredOrPickedUp = (events: { stage: string }[], stage: 'picked-up' | 'delivered') => events.some((e) => e.stage === stage);

/**
 * Reads the carrier's events, stores the new ones once each, and moves the shipment along: Shipped at the
 * first pick-up, Delivered at proof of delivery, each with its mail. Answers the timeline.
 */
export async function refreshTracking(deps: AppDeps, id: number): Promise<ShipmentTracking> {
  const shipment = await repo.findShipment(deps.db, id);
  if (!shipment) throw notFound('Shipment not found');
  if (!booked(shipment)) throw conflict(carrierMessages.notBooked, undefined, 'NOT_BOOKED');
  let events: CarrierEvent[];
  try {
    const answered = await deps.carriers.byName(shipment.carrier).track(shipment.awb);
    events = newestEvents(answered);
    if (events.length < answered.length)
      deps.log.warn(
        { shipmentId: shipment.shipmentId, answered: answered.length, kept: events.length },
        'carrier answered more events than kept',
      );
  } catch (err) {
    const failure = carrierFailure(err);
    if (failure) await repo.recordCarrierError(deps.db, id, (err as Error).message);
    throw failure ?? err;
  }
  await deps.db.transaction(async (tx) => {
    await repo.markTrackingRead(tx, id);
    await repo.clearCarrierError(tx, id);
    const added = await repo.insertEvents(tx, id, events);
    if (added.length === 0) return;
    await followCarrier(deps, tx, shipment, events);
  });
  return trackingOf(deps, id);
}

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/** Shipped at the first pick-up (or any later stage), Delivered at proof of delivery; each mail once. */
async function followCarrier(deps: AppDeps, tx: Tx, shipment: ShipmentRow, events: CarrierEvent[]) {
  const delivery = events.filter((e) => e.stage === 'delivered').sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  const moving = deliveredOrPickedUp(events, 'picked-up') || events.some((e) => e.stage === 'in-transit' || e.stage === 'out-for-delivery');
  if (moving || delivery) await moveShipment(deps, tx, shipment.id, 'Shipped');
  if (delivery) await moveShipment(deps, tx, shipment.id, 'Delivered', { event: { at: delivery.at, location: delivery.location } });
}

async function trackingOf(deps: AppDeps, id: number): Promise<ShipmentTracking> {
  const shipment = (await repo.findShipment(deps.db, id)) as ShipmentRow;
  return timeline(deps, shipment);
}

async function timeline(deps: AppDeps, shipment: ShipmentRow): Promise<ShipmentTracking> {
  const events = booked(shipment) ? await repo.listEvents(deps.db, shipment.id, CARRIER_LIMITS.eventsPerAnswer) : [];
  return {
    awb: shipment.awb,
    carrier: shipment.carrier,
    status: shipment.shipmentStatus,
    events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location, description: e.description })),
  };
}

/** GET /api/user/shipments/{id}/tracking: the customer's own shipment only; another customer's is a 404. */
export async function customerTracking(deps: AppDeps, userId: number, id: number) {
  const shipment = await repo.findUserShipment(deps.db, userId, id);
  if (!shipment) throw notFound('Shipment not found');
  return timeline(deps, shipment);
}

/**
 * One round of the tracking schedule: reads every booked, undelivered shipment whose last read is at least
 * the interval old, one claim at a time, so several processes share the work without reading one twice.
 * A carrier failure on one shipment is logged and the round goes on.
 */
export async function pollTracking(deps: AppDeps, intervalSeconds: number, maxShipments = 200) {
  let read = 0;
  let failed = 0;
  for (let i = 0; i < maxShipments; i++) {
    const id = await repo.claimDueTracking(deps.db, intervalSeconds);
    if (id === undefined) break;
    try {
      await refreshTracking(deps, id);
      read++;
    } catch (err) {
      failed++;
      deps.log.warn({ err, shipment: id }, 'tracking read failed');
    }
  }
  return { read, failed };
}
