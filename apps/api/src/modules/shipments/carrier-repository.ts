import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hosts, packages, shipmentEvents, shipments, users } from '../../db/schema.ts';
import type { CarrierEvent } from '../../providers/carriers/carrier-provider.ts';
import { findUserShipments } from './shipments-repository.ts';

/** A booking claim older than this belongs to a request that died: another may book. */
const BOOKING_CLAIM_SECONDS = 120;

/**
 * Claims the shipment for booking: only a paid one without an AWB that no live request is booking.
 * Answers the claimed row, or nothing (the caller reads the shipment to say why).
 */
export async function claimBooking(db: Executor, id: number) {
  const [row] = await db
    .update(shipments)
    .set({ bookingClaimedAt: sql`now()` })
    .where(
      and(
        eq(shipments.id, id),
        isNull(shipments.awb),
        eq(shipments.paymentStatus, 'Paid'),
        or(
          isNull(shipments.bookingClaimedAt),
          lt(shipments.bookingClaimedAt, sql`now() - make_interval(secs => ${BOOKING_CLAIM_SECONDS})`),
        ),
      ),
    )
    .returning();
  return row;
}

/** Stores the carrier's AWB (the booking's service then moves a Finalized shipment to Processed). */
export async function recordBooking(db: Executor, id: number, booking: { awb: string; carrier: string }) {
  const [row] = await db
    .update(shipments)
    .set({
      awb: booking.awb,
      carrier: booking.carrier,
      bookedAt: sql`now()`,
      // The first tracking read is due an interval after booking: nothing moves before the pick-up.
      trackingCheckedAt: sql`now()`,
      bookingClaimedAt: null,
      carrierError: null,
      processingDate: sql`coalesce(${shipments.processingDate}, now())`,
    })
    .where(and(eq(shipments.id, id), isNull(shipments.awb)))
    .returning();
  return row;
}

/** The carrier refused or did not answer: the shipment stays as it was, with the carrier's message for staff. */
export async function recordCarrierError(db: Executor, id: number, message: string) {
  await db
    .update(shipments)
    .set({ carrierError: message.slice(0, 300), bookingClaimedAt: null })
    .where(eq(shipments.id, id));
}

export async function clearCarrierError(db: Executor, id: number) {
  await db
    .update(shipments)
    .set({ carrierError: null })
    .where(and(eq(shipments.id, id), isNotNull(shipments.carrierError)));
}

export async function recordLabel(db: Executor, id: number, labelKey: string) {
  await db.update(shipments).set({ labelKey }).where(eq(shipments.id, id));
}

export async function findShipment(db: Executor, id: number) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row;
}

/** The customer's own shipment; another customer's answers nothing. */
export async function findUserShipment(db: Executor, userId: number, id: number) {
  const [row] = await findUserShipments(db, userId, [id]);
  return row;
}

export async function findShipments(db: Executor, ids: number[]) {
  return db.select().from(shipments).where(inArray(shipments.id, ids));
}

/** Everything a booking tells the carrier: the shipment, its customer, its host and its packages. */
export async function bookingFacts(db: Executor, id: number) {
  const [row] = await db
    .select({ shipment: shipments, customer: users, host: hosts })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.userId))
    .leftJoin(hosts, eq(hosts.id, shipments.hostId))
    .where(eq(shipments.id, id))
    .limit(1);
  if (!row) return undefined;
  const contents = await db.select().from(packages).where(eq(packages.shipmentId, id)).orderBy(asc(packages.id));
  return { ...row, packages: contents };
}

/** Identifies an event within its shipment, so a carrier repeating its list stores nothing twice. */
export function eventKey(event: CarrierEvent) {
  return createHash('sha256')
    .update([event.at.toISOString(), event.code, event.location ?? '', event.description ?? ''].join('\u001f'))
    .digest('hex');
}

/** Stores the events not stored yet; answers the new ones. */
export async function insertEvents(db: Executor, shipmentId: number, events: CarrierEvent[]) {
  if (events.length === 0) return [];
  return db
    .insert(shipmentEvents)
    .values(
      events.map((e) => ({
        shipmentId,
        eventKey: eventKey(e),
        at: e.at,
        code: e.code.slice(0, 20),
        stage: e.stage,
        status: e.status.slice(0, 120),
        location: e.location?.slice(0, 120) ?? null,
        description: e.description?.slice(0, 300) ?? null,
      })),
    )
    .onConflictDoNothing({ target: [shipmentEvents.shipmentId, shipmentEvents.eventKey] })
    .returning();
}

/** The timeline's newest `limit` events, newest first. */
export async function listEvents(db: Executor, shipmentId: number, limit: number) {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(desc(shipmentEvents.at), desc(shipmentEvents.id))
    .limit(limit);
}

/**
 * The tracking poller's claim: the booked, undelivered shipment read least recently, if its last read is at
 * least `intervalSeconds` old. Marking it read in the same statement, past rows other pollers hold
 * (SKIP LOCKED), lets several processes poll at once without reading one shipment twice.
 */
export async function claimDueTracking(db: Executor, intervalSeconds: number) {
  const due = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        isNotNull(shipments.carrier),
        ne(shipments.shipmentStatus, 'Delivered'),
        or(isNull(shipments.trackingCheckedAt), lt(shipments.trackingCheckedAt, sql`now() - make_interval(secs => ${intervalSeconds})`)),
      ),
    )
    .orderBy(sql`${shipments.trackingCheckedAt} asc nulls first`)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(shipments)
    .set({ trackingCheckedAt: sql`now()` })
    .where(inArray(shipments.id, due))
    .returning({ id: shipments.id });
  return row?.id;
}

export async function markTrackingRead(db: Executor, id: number) {
  await db.update(shipments).set({ trackingCheckedAt: sql`now()` }).where(eq(shipments.id, id));
}
