import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Executor, values: Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>) {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function findUserPayment(db: Executor, userId: number, orderRef: string, kind: 'single' | 'consolidation') {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderRef, orderRef), eq(payments.userId, userId), eq(payments.kind, kind)))
    .limit(1);
  return row;
}

export async function findPaymentByOrderRef(db: Executor, orderRef: string) {
  const [row] = await db.select().from(payments).where(eq(payments.orderRef, orderRef)).limit(1);
  return row;
}

export async function findPayment(db: Executor, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Claims the right to finalize: only one caller (callback, webhook or reconciliation) ever gets it. */
export async function claimFinalization(db: Executor, id: number) {
  const rows = await db
    .update(payments)
    .set({ status: 'CAPTURED', capturedAt: new Date(), finalizedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.finalizedAt)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

export async function setPaymentStatus(db: Executor, id: number, status: string, onlyFrom = 'PENDING') {
  await db
    .update(payments)
    .set({ status })
    .where(and(eq(payments.id, id), eq(payments.status, onlyFrom)));
}

export async function setPaymentShipments(db: Executor, id: number, shipmentIds: number[]) {
  await db.update(payments).set({ shipmentIds }).where(eq(payments.id, id));
}

/** Pending payments opened before `olderThan`, but for those whose last finalization failed and that wait for their next try. */
export async function pendingPayments(db: Executor, olderThan: Date, now: Date, limit = 100) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'PENDING'),
        lt(payments.createdAt, olderThan),
        or(isNull(payments.nextFinalizeAt), lte(payments.nextFinalizeAt, now)),
      ),
    )
    .limit(limit);
}

/** A captured payment's finalization failed on a passing error: reconciliation tries again from `nextAt`. */
export async function noteFinalizeFailure(db: Executor, id: number, error: string, nextAt: Date) {
  await db
    .update(payments)
    .set({ finalizeAttempts: sql`${payments.finalizeAttempts} + 1`, nextFinalizeAt: nextAt, lastFinalizeError: error.slice(0, 500) })
    .where(and(eq(payments.id, id), isNull(payments.finalizedAt)));
}
