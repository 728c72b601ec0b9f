import { randomInt } from 'node:crypto';
import { PRODUCT_TYPES } from '@hopbox/contracts/carrier-options';
import { countryName } from '@hopbox/contracts/countries';
import { CARRIERS, SANDBOX_JOURNEY } from '@hopbox/contracts/tracking';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxCarrierBookings } from '../../db/schema.ts';
import {
  type CarrierBookingRequest,
  type CarrierEvent,
  type CarrierParty,
  type CarrierProvider,
  CarrierRefusedError,
} from './carrier-provider.ts';
import { renderLabelPdf } from './label-pdf.ts';

/** A new AWB is drawn again when it is already taken; a billion numbers make a second draw rare. */
const AWB_DRAWS = 5;
const JOURNEY_LENGTH = SANDBOX_JOURNEY.length;

/** What the sandbox says of each step of SANDBOX_JOURNEY, by its code. */
const STEP_DESCRIPTIONS: Record<(typeof SANDBOX_JOURNEY)[number]['code'], string> = {
  PU: 'The courier collected the shipment from the sender',
  DF: 'The shipment left the origin facility',
  AF: 'The shipment arrived at the destination facility',
  OD: 'The courier is on the way to the receiver',
  DL: 'The shipment was delivered to the receiver',
};

/**
 * A carrier that lives in the app's own database (CARRIER_PROVIDER=sandbox), for development,
 * tests and demos: it books instantly, prints a real label, and each tracking read moves the
 * shipment one step along SANDBOX_JOURNEY. Every process sharing the database sees the same state.
 */
export function createSandboxCarrier(db: Executor): CarrierProvider {
  return {
    name: 'sandbox',
    async book(request) {
      refuseInvalid(request);
      return { awb: await bookOnce(db, request) };
    },
    async label(awb) {
      const booking = await findBooking(db, awb);
      // The label names the product, as a courier's does: "Hopbox Sandbox Economy" (Express for bookings made before).
      const product = PRODUCT_TYPES[(booking.request.product ?? 'XPS') as keyof typeof PRODUCT_TYPES] ?? booking.request.product;
      return renderLabelPdf({ request: booking.request, awb, carrier: `${CARRIERS.sandbox} ${product}`, bookedAt: booking.createdAt });
    },
    async track(awb) {
      const [row] = await db
        .update(sandboxCarrierBookings)
        .set({
          // One statement, so concurrent reads queue on the row: each moves it exactly one step.
          step: sql`least(${sandboxCarrierBookings.step} + 1, ${JOURNEY_LENGTH})`,
          eventTimes: sql`case when ${sandboxCarrierBookings.step} < ${JOURNEY_LENGTH}
            then ${sandboxCarrierBookings.eventTimes} || jsonb_build_array(${new Date().toISOString()}::text)
            else ${sandboxCarrierBookings.eventTimes} end`,
        })
        .where(eq(sandboxCarrierBookings.awb, awb))
        .returning({
          step: sandboxCarrierBookings.step,
          eventTimes: sandboxCarrierBookings.eventTimes,
          booking: sandboxCarrierBookings.booking,
        });
      if (!row) throw unknownAwb(awb);
      return journeySoFar(row.booking as CarrierBookingRequest, row.step, row.eventTimes);
    },
  };
}

function refuseInvalid(request: CarrierBookingRequest) {
  if (!request.reference || request.reference.length > 60)
    throw new CarrierRefusedError('The shipper reference must be 1 to 60 characters');
  if (!(request.weight > 0)) throw new CarrierRefusedError('The weight must be greater than 0 kg');
  if (!Number.isInteger(request.pieces) || request.pieces < 1) throw new CarrierRefusedError('The shipment must have at least 1 piece');
}

/**
 * Books the reference under a fresh AWB, or answers the AWB it already has: a reference booked twice
 * (a retry, or two staff at once) keeps its first AWB. An AWB that is already taken is drawn again.
 */
async function bookOnce(db: Executor, request: CarrierBookingRequest): Promise<string> {
  for (let draw = 0; draw < AWB_DRAWS; draw++) {
    await db
      .insert(sandboxCarrierBookings)
      .values({ awb: drawAwb(), reference: request.reference, booking: request })
      .onConflictDoNothing();
    const [row] = await db
      .select({ awb: sandboxCarrierBookings.awb })
      .from(sandboxCarrierBookings)
      .where(eq(sandboxCarrierBookings.reference, request.reference));
    if (row) return row.awb;
  }
  throw new Error(`No free sandbox AWB after ${AWB_DRAWS} draws`);
}

/** `HBS` and 9 random digits: never a real courier's number. */
function drawAwb(): string {
  return `HBS${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

async function findBooking(db: Executor, awb: string) {
  const [row] = await db
    .select({ booking: sandboxCarrierBookings.booking, createdAt: sandboxCarrierBookings.createdAt })
    .from(sandboxCarrierBookings)
    .where(eq(sandboxCarrierBookings.awb, awb));
  if (!row) throw unknownAwb(awb);
  return { request: row.booking as CarrierBookingRequest, createdAt: row.createdAt };
}

function unknownAwb(awb: string) {
  return new CarrierRefusedError(`Unknown AWB ${awb}`);
}

/** The events issued so far, each at the time it was first issued: the sandbox repeats its whole list. */
function journeySoFar(request: CarrierBookingRequest, step: number, eventTimes: string[]): CarrierEvent[] {
  return SANDBOX_JOURNEY.slice(0, step).map((event, i) => ({
    at: new Date(eventTimes[i] as string),
    code: event.code,
    stage: event.stage,
    status: event.status,
    // Picked up and departed happen where the sender is; the rest where the receiver is.
    location: placeOf(i < 2 ? request.sender : request.receiver),
    description: STEP_DESCRIPTIONS[event.code],
  }));
}

function placeOf(party: CarrierParty): string {
  return `${party.city}, ${countryName(party.country) ?? party.country}`;
}
