import { toMinor } from '@hopbox/contracts/money';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { packages, paymentRefunds, payments, sandboxOrders, sandboxRefunds, shipments } from '../db/schema.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const CALLBACK = '/user/shipment-payment-callback';

/** The partly refunded one, and why. */
const GOODWILL = {
  reference: 'demo-bed-linen',
  amountMinor: 2500,
  reason: 'Goodwill: your shipment left our warehouse a day later than we promised.',
};
/** The package the customer paid for a second time, on a payment page left open after that payment expired. */
const PAID_TWICE = 'demo-skincare-set';

/**
 * The console's Payments page on a first look (issue "Exactly once, in one place"): a payment for each of the demo's
 * paid shipments, made with the sandbox and kept in its books too, so a refund from the console goes through the
 * sandbox like any other; one of them partly refunded; and one needing attention: the Skincare set paid for again
 * on a page left open after its first payment expired, money taken that made no shipment.
 */
export async function seedDemoPayments(tx: Executor, customerId: number, staffId: number) {
  const paid = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, customerId), eq(shipments.paymentStatus, 'Paid'), isNotNull(shipments.paymentReference)));
  for (const shipment of paid) {
    const reference = shipment.paymentReference as string;
    const amount = shipment.amount ?? '0';
    const at = shipment.orderDate ?? shipment.createdAt;
    await sandboxOrder(tx, reference, amount, at);
    const refund = reference === GOODWILL.reference ? GOODWILL : null;
    const [payment] = await tx
      .insert(payments)
      .values({
        createdAt: new Date(at.getTime() - 6 * MINUTE),
        userId: customerId,
        kind: 'single',
        provider: 'sandbox',
        orderRef: reference,
        merchantReference: `HB-S-${reference}`,
        amount,
        currency: 'AED',
        status: refund ? 'PARTIALLY_REFUNDED' : 'CAPTURED',
        shipmentIds: [shipment.id],
        capturedAt: at,
        finalizedAt: at,
        refundedMinor: refund?.amountMinor ?? 0,
      })
      .returning({ id: payments.id });
    if (refund && payment) await refundOf(tx, payment.id, staffId, reference, refund, new Date(at.getTime() + DAY));
    if (reference === PAID_TWICE) await paidAgain(tx, customerId, shipment, amount, at);
  }
}

/** The sandbox's own record of a captured order. */
async function sandboxOrder(tx: Executor, reference: string, amount: string, at: Date) {
  await tx.insert(sandboxOrders).values({
    reference,
    merchantReference: `HB-S-${reference}`,
    amountMinor: toMinor(amount),
    currency: 'AED',
    redirectUrl: CALLBACK,
    state: 'CAPTURED',
    createdAt: at,
  });
}

async function refundOf(
  tx: Executor,
  paymentId: number,
  staffId: number,
  orderRef: string,
  refund: { amountMinor: number; reason: string },
  at: Date,
) {
  const providerReference = `sbx-rf-${orderRef}-1`;
  await tx
    .insert(sandboxRefunds)
    .values({ reference: providerReference, orderReference: orderRef, amountMinor: refund.amountMinor, createdAt: at });
  await tx.insert(paymentRefunds).values({
    paymentId,
    amountMinor: refund.amountMinor,
    reason: refund.reason,
    staffUserId: staffId,
    providerReference,
    createdAt: at,
  });
}

/** The second payment for the shipment's package: opened before the first, expired, captured after it. */
async function paidAgain(tx: Executor, customerId: number, shipment: typeof shipments.$inferSelect, amount: string, at: Date) {
  const reference = `${PAID_TWICE}-again`;
  const held = await tx.select({ id: packages.id }).from(packages).where(eq(packages.shipmentId, shipment.id));
  await sandboxOrder(tx, reference, amount, new Date(at.getTime() + 14 * MINUTE));
  await tx.insert(payments).values({
    createdAt: new Date(at.getTime() - 45 * MINUTE),
    userId: customerId,
    kind: 'single',
    provider: 'sandbox',
    orderRef: reference,
    merchantReference: `HB-S-${reference}`,
    amount,
    currency: 'AED',
    status: 'NEEDS_ATTENTION',
    shipmentIds: [],
    pendingShipment: { kind: 'single', packageIds: held.map((p) => p.id), amount: Number(amount), currency: 'AED' },
    capturedAt: new Date(at.getTime() + 14 * MINUTE),
  });
}
