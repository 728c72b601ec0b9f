import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { packages, photoRequests, shipments } from '../../db/schema.ts';

/** Statuses of shipments that have left the consolidation stage and are paid for. */
export const SENT_STATUSES = ['Finalized', 'Processed', 'Shipped', 'Delivered'];

/** The customer's consolidations that are packed and ready, waiting for payment: how many, and the oldest. */
function readyToPay(db: Executor, userId: number) {
  return db
    .select({ n: sql<number>`count(*) over ()`.mapWith(Number), shipmentId: shipments.shipmentId })
    .from(shipments)
    .where(
      and(
        eq(shipments.userId, userId),
        eq(shipments.isConsolidated, true),
        eq(shipments.shipmentStatus, 'Pending'),
        eq(shipments.readyToShip, true),
        eq(shipments.paymentStatus, 'Unpaid'),
      ),
    )
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .limit(1);
}

/** The dashboard counts in indexed queries run side by side, not list downloads. */
export async function dashboardCounts(db: Executor, userId: number) {
  const [received, inProgress, sent, photos, ready] = await Promise.all([
    db
      .select({ n: count() })
      .from(packages)
      .where(and(eq(packages.userId, userId), isNull(packages.shipmentId))),
    db
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.userId, userId), eq(shipments.isConsolidated, true), eq(shipments.shipmentStatus, 'Pending'))),
    db
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.userId, userId), inArray(shipments.shipmentStatus, SENT_STATUSES))),
    db.select({ n: count() }).from(photoRequests).where(eq(photoRequests.userId, userId)),
    readyToPay(db, userId),
  ]);
  return {
    receivedPackages: received[0]?.n ?? 0,
    shipmentsInProgress: inProgress[0]?.n ?? 0,
    sentShipments: sent[0]?.n ?? 0,
    photoRequests: photos[0]?.n ?? 0,
    readyToPay: ready[0]?.n ?? 0,
    readyToPayShipmentId: ready[0]?.shipmentId ?? null,
  };
}
