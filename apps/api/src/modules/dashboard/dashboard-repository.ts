import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { packages, photoRequests, shipments } from '../../db/schema.ts';

/** Statuses of shipments that have left the consolidation stage and are paid for. */
export const SENT_STATUSES = ['Finalized', 'Processed', 'Shipped', 'Delivered'];

/** The four dashboard counts in four indexed count queries, not four list downloads. */
export async function dashboardCounts(db: Executor, userId: number) {
  const [received, inProgress, sent, photos] = await Promise.all([
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
  ]);
  return {
    receivedPackages: received[0]?.n ?? 0,
    shipmentsInProgress: inProgress[0]?.n ?? 0,
    sentShipments: sent[0]?.n ?? 0,
    photoRequests: photos[0]?.n ?? 0,
  };
}
