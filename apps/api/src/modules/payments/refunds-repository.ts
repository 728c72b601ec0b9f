import { type PaymentStatus, REFUNDABLE_PAYMENT_STATUSES } from '@hopbox/contracts/lifecycles';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageWithCappedTotal } from '../../db/paging.ts';
import { packages, paymentRefunds, payments, shipments, users } from '../../db/schema.ts';

export type RefundRow = typeof paymentRefunds.$inferSelect;

/**
 * Sets `minor` aside from what is left of the payment's captured amount, in one conditional update: only a
 * payment holding captured money, and only while its refunds, this one included, stay within the captured
 * amount. Of two refunds at once that together exceed it, the second finds the first's amount already counted.
 * Answers the payment as updated, or undefined when nothing was set aside.
 */
export async function reserveRefund(db: Executor, paymentId: number, minor: number) {
  const [row] = await db
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${minor}` })
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.status, REFUNDABLE_PAYMENT_STATUSES),
        sql`${payments.refundedMinor} + ${minor} <= round(${payments.amount} * 100)`,
      ),
    )
    .returning();
  return row;
}

export async function insertRefund(db: Executor, values: Omit<typeof paymentRefunds.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await db.insert(paymentRefunds).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The refund made or being made for a claim, if any (decision 065: one per claim). */
export async function refundOfClaim(db: Executor, claimId: number) {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.claimId, claimId)).limit(1);
  return row;
}

/**
 * A refund the provider did not make: its row goes and its amount is free again. Only a refund still waiting for
 * the provider's reference is withdrawn, so a made refund is never taken back.
 */
export async function withdrawRefund(db: Executor, refund: Pick<RefundRow, 'id' | 'paymentId' | 'amountMinor'>) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(paymentRefunds)
      .where(and(eq(paymentRefunds.id, refund.id), sql`${paymentRefunds.providerReference} is null`))
      .returning({ id: paymentRefunds.id });
    if (gone.length === 0) return;
    await tx
      .update(payments)
      .set({ refundedMinor: sql`${payments.refundedMinor} - ${refund.amountMinor}` })
      .where(eq(payments.id, refund.paymentId));
  });
}

/** The payment, locked until the end of the transaction, so the refunds confirmed meanwhile are all counted. */
export async function lockPayment(db: Executor, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  return row;
}

/** The provider made the refund: its reference is written, and answers how many fils its payment's made refunds total. */
export async function confirmRefund(db: Executor, refundId: number, paymentId: number, providerReference: string) {
  await db.update(paymentRefunds).set({ providerReference }).where(eq(paymentRefunds.id, refundId));
  const [made] = await db
    .select({ minor: sql<number>`coalesce(sum(${paymentRefunds.amountMinor}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), isNotNull(paymentRefunds.providerReference)));
  return made?.minor ?? 0;
}

/** The columns the console's list reads: never the priced order a single payment keeps. */
const listColumns = {
  id: payments.id,
  orderRef: payments.orderRef,
  kind: payments.kind,
  provider: payments.provider,
  status: payments.status,
  amount: payments.amount,
  refundedMinor: payments.refundedMinor,
  balanceMinor: payments.balanceMinor,
  currency: payments.currency,
  shipmentIds: payments.shipmentIds,
  capturedAt: payments.capturedAt,
  createdAt: payments.createdAt,
  lockerNumber: users.lockerNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/**
 * One page of every payment, or of one status, newest first, with its customer: the page and its count in SQL, each
 * read along an index (payments_created_idx, payments_status_created_idx).
 */
export async function listPayments(db: Executor, filter: { status?: PaymentStatus }, page: { page: number; pageSize: number }) {
  const where = filter.status ? eq(payments.status, filter.status) : undefined;
  // A payment a shipment: the list grows with the business, so it counts up to the cap (decision 072).
  return pageWithCappedTotal(
    db
      .select(listColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .$dynamic(),
    { db, table: payments, where },
    page,
  );
}

/** The refunds of these payments, oldest first, with the name of whoever made each. */
export async function refundsOfPayments(db: Executor, paymentIds: number[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({ refund: paymentRefunds, firstName: users.firstName, lastName: users.lastName })
    .from(paymentRefunds)
    .leftJoin(users, eq(users.id, paymentRefunds.staffUserId))
    .where(inArray(paymentRefunds.paymentId, paymentIds))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

/** SHP… references of shipments by id. */
export async function shipmentCodes(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: shipments.id, code: shipments.shipmentId }).from(shipments).where(inArray(shipments.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/**
 * The refunds made of the customer's payments for one of its shipments: the payment that made it (its reference
 * is the shipment's), and any other payment for what it carries: a consolidation paid twice lists it among its
 * shipments, and a package paid for twice (a late capture of an expired payment) is in its priced order.
 */
export async function refundsForShipment(db: Executor, userId: number, shipment: { id: number; paymentReference: string | null }) {
  const forShipment = or(
    sql`${payments.shipmentIds} @> ${JSON.stringify([shipment.id])}::jsonb`,
    shipment.paymentReference ? eq(payments.orderRef, shipment.paymentReference) : undefined,
    sql`exists (select 1 from ${packages} where ${packages.shipmentId} = ${shipment.id} and (${payments.pendingShipment} -> 'packageIds') @> to_jsonb(${packages.id}))`,
  );
  return db
    .select({
      amountMinor: paymentRefunds.amountMinor,
      currency: payments.currency,
      reason: paymentRefunds.reason,
      createdAt: paymentRefunds.createdAt,
      orderRef: payments.orderRef,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(payments.userId, userId), isNotNull(paymentRefunds.providerReference), forShipment))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}
