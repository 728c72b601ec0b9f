import { LATE_CAPTURE_WATCH_DAYS, movesInto, PAYMENT_LIFECYCLE, type PaymentStatus } from '@hopbox/contracts/lifecycles';
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { packageRequests, packages, payments, shipments } from '../../db/schema.ts';
import { giveBackForPayment } from '../wallet/wallet-repository.ts';

export type PaymentRow = typeof payments.$inferSelect;
/** A shipment of one package, consolidations, or a package request's fee (decision 068). */
export type PaymentKind = 'single' | 'consolidation' | 'request';

export async function insertPayment(db: Executor, values: Omit<typeof payments.$inferInsert, 'id' | 'updatedAt'>) {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function findUserPayment(db: Executor, userId: number, orderRef: string, kind: PaymentKind) {
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

/**
 * The one move of a payment's status: allowed by PAYMENT_LIFECYCLE from the status it has now (compare and
 * set, so of two racing moves one wins), with `set` written alongside. A payment that leaves PENDING lets go of
 * what it held. Answers the moved row, or undefined when the move was not allowed from its status.
 */
export async function movePayment(db: Executor, id: number, to: PaymentStatus, set: Partial<typeof payments.$inferInsert> = {}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ ...set, status: to })
      .where(and(eq(payments.id, id), inArray(payments.status, movesInto(PAYMENT_LIFECYCLE, to))))
      .returning();
    if (!row) return undefined;
    await releaseHolds(tx, id);
    // A payment that made no shipment gives back what it took from the balance, with the move (decision 063).
    if (GIVES_BALANCE_BACK.includes(to)) await giveBackForPayment(tx, row);
    return row;
  });
}

/** The moves out of PENDING that make no shipment: what the payment took from the account balance goes back. */
const GIVES_BALANCE_BACK: readonly PaymentStatus[] = ['FAILED', 'EXPIRED', 'NEEDS_ATTENTION'];

/**
 * Claims the right to finalize a captured payment: only one caller (callback, webhook or reconciliation)
 * ever gets it, and only while the payment is PENDING.
 */
export async function claimFinalization(db: Executor, id: number) {
  const row = await movePayment(db, id, 'CAPTURED', { capturedAt: new Date(), finalizedAt: new Date() });
  return row !== undefined;
}

/**
 * What an open payment holds: the packages of a single-package payment, the consolidations paid together, or the
 * package request whose fee it pays.
 */
export type Held = { kind: 'packages' | 'consolidations' | 'requests'; ids: number[] };

const heldTable = (kind: Held['kind']) => (kind === 'packages' ? packages : kind === 'consolidations' ? shipments : packageRequests);

/** Holds every item for the payment, or none: false when another open payment holds one of them. */
export async function holdItems(db: Executor, userId: number, held: Held, paymentId: number) {
  const table = heldTable(held.kind);
  const rows = await db
    .update(table)
    .set({ openPaymentId: paymentId, updatedAt: keepUpdatedAt(table) })
    .where(and(eq(table.userId, userId), inArray(table.id, held.ids), isNull(table.openPaymentId)))
    .returning({ id: table.id });
  return rows.length === new Set(held.ids).size;
}

async function releaseHolds(db: Executor, paymentId: number) {
  await db
    .update(packages)
    .set({ openPaymentId: null, updatedAt: keepUpdatedAt(packages) })
    .where(eq(packages.openPaymentId, paymentId));
  await db
    .update(shipments)
    .set({ openPaymentId: null, updatedAt: keepUpdatedAt(shipments) })
    .where(eq(shipments.openPaymentId, paymentId));
  await db
    .update(packageRequests)
    .set({ openPaymentId: null, updatedAt: keepUpdatedAt(packageRequests) })
    .where(eq(packageRequests.openPaymentId, paymentId));
}

/** A hold is not a change of the package, consolidation or request: its last update stays what it was. */
const keepUpdatedAt = (table: typeof packages | typeof shipments | typeof packageRequests) => sql`${table.updatedAt}`;

/**
 * Undoes a payment whose order the provider refused to open: nobody was given a page to pay on, so it leaves
 * nothing behind, and what it held is free again.
 */
export async function discardUnopenedPayment(db: Executor, id: number) {
  await db.transaction(async (tx) => {
    await releaseHolds(tx, id);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), isNull(payments.paymentUrl)));
    if (!payment) return;
    await giveBackForPayment(tx, payment);
    await tx.delete(payments).where(eq(payments.id, id));
  });
}

/** The payments that hold any of these items now. */
export async function paymentsHolding(db: Executor, userId: number, held: Held) {
  const table = heldTable(held.kind);
  const holders = await db
    .select({ id: table.openPaymentId })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, held.ids), isNotNull(table.openPaymentId)));
  const ids = [...new Set(holders.map((h) => h.id).filter((id): id is number => id !== null))];
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids));
}

/** The provider's order, once it exists: its reference (what the customer's return carries) and its page. */
export async function setProviderOrder(db: Executor, id: number, orderRef: string, paymentUrl: string) {
  await db.update(payments).set({ orderRef, paymentUrl }).where(eq(payments.id, id));
}

export async function setPaymentShipments(db: Executor, id: number, shipmentIds: number[]) {
  await db.update(payments).set({ shipmentIds }).where(eq(payments.id, id));
}

/**
 * What reconciliation asks the provider about: pending payments opened before `olderThan` (but those waiting for
 * their next try to finalize), and failed or expired ones younger than LATE_CAPTURE_WATCH_DAYS whose next look is due.
 */
export async function paymentsToReconcile(db: Executor, olderThan: Date, now: Date, limit = 100) {
  const watchedSince = new Date(now.getTime() - LATE_CAPTURE_WATCH_DAYS * 86_400_000);
  return db
    .select()
    .from(payments)
    .where(
      or(
        and(
          eq(payments.status, 'PENDING'),
          lt(payments.createdAt, olderThan),
          or(isNull(payments.nextFinalizeAt), lte(payments.nextFinalizeAt, now)),
        ),
        and(
          inArray(payments.status, ['FAILED', 'EXPIRED']),
          gt(payments.createdAt, watchedSince),
          or(isNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)),
        ),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(limit);
}

/** A failed or expired payment asked about: asked again at `nextAt`. */
export async function setNextCheck(db: Executor, id: number, nextAt: Date) {
  await db.update(payments).set({ nextCheckAt: nextAt }).where(eq(payments.id, id));
}

/** A captured payment's finalization failed on a passing error: reconciliation tries again from `nextAt`. */
export async function noteFinalizeFailure(db: Executor, id: number, error: string, nextAt: Date) {
  await db
    .update(payments)
    .set({ finalizeAttempts: sql`${payments.finalizeAttempts} + 1`, nextFinalizeAt: nextAt, lastFinalizeError: error.slice(0, 500) })
    .where(and(eq(payments.id, id), isNull(payments.finalizedAt)));
}
