import { SENT_STATUSES } from '@hopbox/contracts/shipments';
import { and, type Column, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { packages, shipments } from '../../db/schema.ts';
import { anyContains, containsPattern } from '../../db/search.ts';

/** Exact matches first, then those starting with the text, then the rest (the caller's newest-first breaks ties). */
function closeness(q: string, ...columns: Column[]): SQL {
  const startsWith = `${containsPattern(q).slice(1, -1)}%`;
  const exact = columns.map((column) => sql`when lower(${column}) = lower(${q}) then 0`);
  const prefix = columns.map((column) => sql`when ${ilike(column, startsWith)} then 1`);
  return sql`case ${sql.join([...exact, ...prefix], sql` `)} else 2 end`;
}

/**
 * The customer's packages whose Hopbox ID or tracking number contains the text. The user index
 * narrows the scan to this customer's rows before the contains-test, as Received Packages' own
 * search does (decision 022); the trigram index is no help under three characters. The few found
 * are chosen first and only they are joined to their shipments: a text every Hopbox ID holds
 * ("HBX") must not join each of the customer's packages to its shipment before keeping five.
 */
export async function findPackages(db: Executor, userId: number, q: string, limit: number) {
  const found = db
    .select({
      id: packages.id,
      hopboxId: packages.hopboxId,
      externalTrackingNumber: packages.externalTrackingNumber,
      shipper: packages.shipper,
      packageContent: packages.packageContent,
      shipmentRef: packages.shipmentId,
      receivedDate: packages.receivedDate,
      rank: closeness(q, packages.hopboxId, packages.externalTrackingNumber).as('rank'),
    })
    .from(packages)
    .where(and(eq(packages.userId, userId), anyContains(containsPattern(q), packages.hopboxId, packages.externalTrackingNumber)))
    .orderBy(sql`rank`, desc(packages.receivedDate), desc(packages.id))
    .limit(limit)
    .as('found');
  return db
    .select({
      hopboxId: found.hopboxId,
      externalTrackingNumber: found.externalTrackingNumber,
      shipper: found.shipper,
      packageContent: found.packageContent,
      shipmentId: shipments.shipmentId,
      shipmentStatus: shipments.shipmentStatus,
    })
    .from(found)
    .leftJoin(shipments, eq(shipments.id, found.shipmentRef))
    .orderBy(found.rank, desc(found.receivedDate), desc(found.id));
}

/**
 * The customer's shipments whose shipment ID or AWB contains the text, among those a list shows:
 * consolidations still open (Shipments Progress) and shipments paid for (Sent Shipment).
 */
export function findShipments(db: Executor, userId: number, q: string, limit: number) {
  const listed = or(
    and(eq(shipments.isConsolidated, true), eq(shipments.shipmentStatus, 'Pending')),
    inArray(shipments.shipmentStatus, [...SENT_STATUSES]),
  );
  return db
    .select({
      shipmentId: shipments.shipmentId,
      awb: shipments.awb,
      shipmentStatus: shipments.shipmentStatus,
      isConsolidated: shipments.isConsolidated,
    })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), listed, anyContains(containsPattern(q), shipments.shipmentId, shipments.awb)))
    .orderBy(closeness(q, shipments.shipmentId, shipments.awb), desc(shipments.createdAt), desc(shipments.id))
    .limit(limit);
}
