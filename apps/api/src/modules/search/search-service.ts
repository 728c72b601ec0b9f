import {
  type PackageHit,
  SEARCH_DESTINATIONS,
  SEARCH_MAX_PER_KIND,
  type SearchResults,
  type ShipmentHit,
  searchedList,
  shipmentListOf,
} from '@hopbox/contracts/search';
import type { Executor } from '../../db/client.ts';
import * as repo from './search-repository.ts';

/** GET /api/user/search: the customer's own packages and shipments matching the text, a few of each. */
export async function searchOwn(db: Executor, userId: number, q: string): Promise<SearchResults> {
  const [packageRows, shipmentRows] = await Promise.all([
    repo.findPackages(db, userId, q, SEARCH_MAX_PER_KIND),
    repo.findShipments(db, userId, q, SEARCH_MAX_PER_KIND),
  ]);
  return { packages: packageRows.map(toPackageHit), shipments: shipmentRows.map(toShipmentHit) };
}

type PackageRow = Awaited<ReturnType<typeof repo.findPackages>>[number];
type ShipmentRow = Awaited<ReturnType<typeof repo.findShipments>>[number];

/** A package in the locker opens Received Packages; one in a shipment, that shipment's list (both search package IDs). */
function toPackageHit({ shipmentStatus, ...row }: PackageRow): PackageHit {
  const list = row.shipmentId && shipmentStatus ? shipmentListOf(shipmentStatus) : SEARCH_DESTINATIONS.receivedPackages;
  return { ...row, to: searchedList(list, row.hopboxId) };
}

function toShipmentHit(row: ShipmentRow): ShipmentHit {
  return { ...row, to: searchedList(shipmentListOf(row.shipmentStatus), row.shipmentId) };
}
