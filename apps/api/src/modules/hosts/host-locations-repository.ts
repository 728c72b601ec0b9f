import { compareLocations, type HostLocations, LEFT_WAREHOUSE_STATUSES, locationMessages } from '@hopbox/contracts/locations';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hostLocations, hosts, packages, shipments, waitingInLocker } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';

const leftWarehouse = sql`(${sql.join(
  LEFT_WAREHOUSE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/**
 * The package's shipment, written out in full: in a one-table select Drizzle leaves table names off, and a
 * bare "shipment_id" inside a subquery on shipments would mean shipments.shipment_id.
 */
const packageShipment = sql.raw('"packages"."shipment_id"');

/** Packages of the host's country still in the warehouse (in a locker, or in a shipment not yet handed to the carrier). */
const inWarehouseOf = (country: string) =>
  and(
    sql`lower(${packages.origin}) = ${country.toLowerCase()}`,
    or(
      waitingInLocker(packages),
      sql`exists (select 1 from ${shipments} where ${shipments.id} = ${packageShipment} and ${shipments.shipmentStatus} not in ${leftWarehouse})`,
    ),
  );

async function hostById(db: Executor, hostId: number) {
  const [host] = await db.select({ id: hosts.id, name: hosts.name, country: hosts.country }).from(hosts).where(eq(hosts.id, hostId));
  if (!host) throw notFound('Host not found');
  return host;
}

async function codesOf(db: Executor, hostId: number) {
  const rows = await db.select({ code: hostLocations.code }).from(hostLocations).where(eq(hostLocations.hostId, hostId));
  return rows.map((r) => r.code);
}

/** How many packages still in the warehouse sit at each of `codes`. */
async function usage(db: Executor, country: string, codes: string[]) {
  if (codes.length === 0) return {};
  const rows = await db
    .select({ code: packages.location, n: count() })
    .from(packages)
    .where(and(inWarehouseOf(country), inArray(packages.location, codes)))
    .groupBy(packages.location);
  return Object.fromEntries(rows.map((r) => [r.code as string, r.n]));
}

/** GET /api/staff/hosts/{id}/locations: the host's codes in walking order, and which of them hold packages. */
export async function hostLocationsOf(db: Executor, hostId: number): Promise<HostLocations> {
  const host = await hostById(db, hostId);
  const rows = await db.select({ code: hostLocations.code }).from(hostLocations).where(eq(hostLocations.hostId, hostId));
  const codes = rows.map((r) => r.code);
  return { hostId, codes: sortedCodes(codes), inUse: await usage(db, host.country, codes) };
}

const sortedCodes = (codes: string[]) => [...codes].sort(compareLocations);

/**
 * PUT /api/admin/hosts/{id}/locations: the host's whole list. A code still holding packages cannot be
 * removed (409 LOCATION_IN_USE, nothing changes); the change is audited with what was added and removed.
 */
export async function replaceHostLocations(db: Executor, hostId: number, codes: string[], actorId: number) {
  return db.transaction(async (tx) => {
    const host = await hostById(tx, hostId);
    // Taken in a fixed order, so two admins saving the same host's list wait for each other.
    await tx.execute(sql`select ${hosts.id} from ${hosts} where ${hosts.id} = ${hostId} for update`);
    const before = await codesOf(tx, hostId);
    const wanted = new Set(codes);
    const removed = before.filter((c) => !wanted.has(c));
    const kept = new Set(before);
    const added = codes.filter((c) => !kept.has(c));
    const busy = Object.keys(await usage(tx, host.country, removed));
    if (busy.length > 0) throw conflict(locationMessages.inUse(sortedCodes(busy)), 'codes', 'LOCATION_IN_USE');
    if (removed.length > 0)
      await tx.delete(hostLocations).where(and(eq(hostLocations.hostId, hostId), inArray(hostLocations.code, removed)));
    if (added.length > 0)
      await tx
        .insert(hostLocations)
        .values(added.map((code) => ({ hostId, code })))
        .onConflictDoNothing();
    if (added.length > 0 || removed.length > 0)
      await recordAudit(tx, {
        actorId,
        action: 'host.locations_updated',
        entityType: 'host',
        entityId: hostId,
        before: { locations: before.length },
        after: { locations: codes.length, added: sortedCodes(added).slice(0, 50), removed: sortedCodes(removed).slice(0, 50) },
      });
    return hostLocationsOf(tx, hostId);
  });
}

/**
 * Why `code` is not a place for a package of `origin`, or null when it is: the active host of the
 * origin's country keeps a list and the code is not on it. A host without a list takes any
 * well-formed code (a warehouse that has not labelled its shelves yet still receives).
 */
/** True when the package's shipment has gone to the carrier: it sits on no shelf any more. */
export const hasLeftWarehouse = sql<boolean>`exists (select 1 from ${shipments} where ${shipments.id} = ${packageShipment} and ${shipments.shipmentStatus} in ${leftWarehouse})`;

export async function locationProblem(db: Executor, origin: string, code: string): Promise<string | null> {
  const [host] = await db
    .select({ id: hosts.id, name: hosts.name })
    .from(hosts)
    .where(and(eq(hosts.active, true), sql`lower(${hosts.country}) = ${origin.toLowerCase()}`))
    .orderBy(asc(hosts.id))
    .limit(1);
  if (!host) return null;
  const [list] = await db
    .select({ listed: count(), found: sql<boolean>`coalesce(bool_or(${hostLocations.code} = ${code}), false)` })
    .from(hostLocations)
    .where(eq(hostLocations.hostId, host.id));
  if (!list || list.listed === 0 || list.found) return null;
  return locationMessages.notOfHost(code, host.name);
}
