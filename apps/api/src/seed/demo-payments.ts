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
    const refund = reference === GOODWILL.reference ? GOODWILL : null;
    const payment = await sandboxPayment(tx, customerId, reference, amount, at, {
      createdAt: new Date(at.getTime() - 6 * MINUTE),
      status: refund ? 'PARTIALLY_REFUNDED' : 'CAPTURED',
      shipmentIds: [shipment.id],
      finalizedAt: at,
      refundedMinor: refund?.amountMinor ?? 0,
    });
    if (refund) await refundOf(tx, payment.id, staffId, reference, refund, new Date(at.getTime() + DAY));
    if (reference === PAID_TWICE) await paidAgain(tx, customerId, shipment, amount, at);
  }
}

/** A single-package payment the sandbox captured at `capturedAt`, in its books and ours. */
async function sandboxPayment(
  tx: Executor,
  customerId: number,
  reference: string,
  amount: string,
  capturedAt: Date,
  values: Pick<typeof payments.$inferInsert, 'createdAt' | 'status' | 'shipmentIds'> & Partial<typeof payments.$inferInsert>,
) {
  const merchantReference = `HB-S-${reference}`;
  await tx.insert(sandboxOrders).values({
    reference,
    merchantReference,
    amountMinor: toMinor(amount),
    currency: 'AED',
    redirectUrl: CALLBACK,
    state: 'CAPTURED',
    createdAt: capturedAt,
  });
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: customerId,
      kind: 'single',
      provider: 'sandbox',
      orderRef: reference,
      merchantReference,
      amount,
      currency: 'AED',
      capturedAt,
      ...values,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('insert returned nothing');
  return payment;
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
  await sandboxPayment(tx, customerId, reference, amount, new Date(at.getTime() + 14 * MINUTE), {
    createdAt: new Date(at.getTime() - 45 * MINUTE),
    status: 'NEEDS_ATTENTION',
    shipmentIds: [],
    pendingShipment: { kind: 'single', packageIds: held.map((p) => p.id), amount: Number(amount), currency: 'AED' },
  });
}
