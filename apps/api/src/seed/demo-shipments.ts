import type { Package } from '@hopbox/contracts/packages';
import { SHIPPING_LINE, withInsurance } from '@hopbox/contracts/price-breakdown';
import { priceRequestSchema, shipmentPriceRequest } from '@hopbox/contracts/pricing';
import { SANDBOX_JOURNEY } from '@hopbox/contracts/tracking';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { packages, sandboxCarrierBookings, shipments } from '../db/schema.ts';
import { insertAddress } from '../modules/addresses/addresses-repository.ts';
import { insuranceFor } from '../modules/pricing/declared-value.ts';
import * as carrierRepo from '../modules/shipments/carrier-repository.ts';
import { bookingRequestOf } from '../modules/shipments/carrier-service.ts';
import { declaredLinesOf } from '../modules/shipments/commercial-invoice.ts';
import { activeHostIdForCountry, insertShipmentWithPackages, moveShipment } from '../modules/shipments/shipments-repository.ts';
import { createSandboxCarrier } from '../providers/carriers/sandbox-carrier.ts';
import { createRateCardProvider } from '../providers/rates/rate-card-provider.ts';

const HOME = {
  label: 'Home',
  recipientName: null,
  address: 'Marina Gate 2, Apartment 1804, Al Marsa Street',
  city: 'Dubai',
  state: 'Dubai',
  country: 'United Arab Emirates',
  postalCode: null,
  phoneNumber: '+971501234567',
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The journey a newcomer should see (issue "Carrier"): one consolidation being packed and one packed and
 * ready to pay, then three paid shipments booked with the sandbox carrier at different stages (booked,
 * in transit, delivered), each with the carrier's events. Only packages the other demo data leaves alone
 * are used.
 */
export async function seedDemoShipments(tx: Executor, customerId: number, created: Package[]) {
  const byContent = (content: string) => created.find((p) => p.packageContent === content) as Package;
  const address = await insertAddress(tx, customerId, HOME, true);
  const destination = { ...HOME, phone: HOME.phoneNumber, id: address.id };
  const rates = createRateCardProvider();

  const consolidate = async (contents: string[], values: Partial<typeof shipments.$inferInsert>) => {
    const pkgs = contents.map(byContent);
    const origin = pkgs[0]?.origin ?? '';
    return insertShipmentWithPackages(
      tx,
      {
        userId: customerId,
        isConsolidated: pkgs.length > 1,
        origin,
        recipientName: null,
        address: destination.address,
        city: destination.city,
        state: destination.state,
        country: destination.country,
        postalCode: null,
        phone: destination.phone,
        notes: null,
        totalWeight: String(pkgs.reduce((t, p) => t + Number(p.packageWeight), 0).toFixed(3)),
        amount: null,
        shipmentStatus: 'Pending',
        consolidationStatus: pkgs.length > 1 ? 'Pending' : null,
        paymentStatus: 'Unpaid',
        paymentReference: null,
        hostId: await activeHostIdForCountry(tx, origin),
        orderDate: null,
        ...values,
      },
      pkgs.map((p) => p.id),
    );
  };

  await consolidate(['Vitamins', 'Children clothes'], { consolidationStatus: 'In Progress' });
  const box = { packedWeight: 3.9, packedLength: 45, packedBreadth: 35, packedHeight: 20 };
  await consolidate(['Kitchen scale', 'Board game', 'Sports jacket'], {
    consolidationStatus: 'Completed',
    readyToShip: true,
    packedWeight: String(box.packedWeight),
    packedLength: String(box.packedLength),
    packedBreadth: String(box.packedBreadth),
    packedHeight: String(box.packedHeight),
  });

  const carrier = createSandboxCarrier(tx);
  const sent = [
    { content: 'Skincare set', paidDaysAgo: 1, stage: 0 },
    { content: 'Bed linen', paidDaysAgo: 4, stage: 3 },
    { content: 'Wireless headphones', paidDaysAgo: 12, stage: SANDBOX_JOURNEY.length, insured: true },
  ];
  for (const one of sent) {
    const pkg = byContent(one.content);
    const paidAt = new Date(Date.now() - one.paidDaysAgo * DAY);
    const quote = await rates.quote(priceRequestSchema.parse(shipmentPriceRequest([pkg], destination.country)));
    // Issue "Declare, insure": paid as the portal charges, line by line; the delivered one was insured.
    const offer = insuranceFor([{ amount: pkg.totalPrice, currency: pkg.currency }]);
    const insured = 'insured' in one && offer.premium > 0;
    const { lines, total } = withInsurance([{ label: SHIPPING_LINE, amount: quote.price }], offer, insured);
    const shipment = await consolidate([one.content], {
      shipmentStatus: 'Finalized',
      paymentStatus: 'Paid',
      paymentReference: `demo-${one.content.toLowerCase().replace(/\W+/g, '-')}`,
      amount: total.toFixed(2),
      priceBreakdown: lines,
      insured,
      insuredValue: insured ? offer.cover.toFixed(2) : null,
      insurancePremium: insured ? offer.premium.toFixed(2) : null,
      storageFee: '0.00',
      orderDate: paidAt,
    });
    if (!shipment) continue;
    await tx.update(packages).set({ storageSettledAt: paidAt, storageFeeCharged: '0' }).where(eq(packages.id, pkg.id));
    const facts = await carrierRepo.bookingFacts(tx, shipment.id);
    if (!facts) continue;
    const { awb } = await carrier.book(bookingRequestOf(facts, await declaredLinesOf(tx, facts.packages)));
    await carrierRepo.recordBooking(tx, shipment.id, { awb, carrier: carrier.name });
    // Booked is at the dock: Processed, as a booking from the console leaves it.
    await moveShipment(tx, shipment.id, 'Processed', {
      bookedAt: new Date(paidAt.getTime() + 3 * HOUR),
      processingDate: new Date(paidAt.getTime() + 3 * HOUR),
    });
    if (one.stage > 0) await walkJourney(tx, carrier, shipment.id, awb, paidAt, one.stage);
  }
}

/**
 * Moves a demo shipment `steps` along the sandbox journey with believable past times: the sandbox is set
 * one step short with the times of the events it has issued, read once (which issues the next event, stamped
 * now), and told that event's real place in the journey, so its later reads repeat exactly what is stored here.
 */
async function walkJourney(
  tx: Executor,
  carrier: ReturnType<typeof createSandboxCarrier>,
  shipmentId: number,
  awb: string,
  paidAt: Date,
  steps: number,
) {
  const times = [8, 20, 52, 70, 74].slice(0, steps).map((hours) => new Date(paidAt.getTime() + hours * HOUR));
  const setTimes = (eventTimes: Date[]) =>
    tx
      .update(sandboxCarrierBookings)
      .set({ step: eventTimes.length, eventTimes: eventTimes.map((t) => t.toISOString()) })
      .where(eq(sandboxCarrierBookings.awb, awb));
  await setTimes(times.slice(0, -1));
  const latest = SANDBOX_JOURNEY[steps - 1]?.code;
  const events = (await carrier.track(awb)).map((e) => (e.code === latest ? { ...e, at: times[steps - 1] as Date } : e));
  await setTimes(times);
  await carrierRepo.insertEvents(tx, shipmentId, events);
  const delivered = steps >= SANDBOX_JOURNEY.length;
  // Stamped as the moves stamp them (decision 065): the carrier's pickup ships it, its last event delivers it.
  await tx
    .update(shipments)
    .set({
      shipmentStatus: delivered ? 'Delivered' : 'Shipped',
      shippedAt: times[0],
      deliveredAt: delivered ? times[steps - 1] : null,
      trackingCheckedAt: sql`now()`,
    })
    .where(eq(shipments.id, shipmentId));
}
