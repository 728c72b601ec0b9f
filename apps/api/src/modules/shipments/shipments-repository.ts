import { recipientOf } from '@hopbox/contracts/addresses';
import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import type { DutiesEstimate } from '@hopbox/contracts/duties';
import {
  CONSOLIDATION_LIFECYCLE,
  type ConsolidationStatus,
  canMove,
  movesInto,
  SHIPMENT_LIFECYCLE,
  type ShipmentStatus,
} from '@hopbox/contracts/lifecycles';
import { compareLocations, type Pick } from '@hopbox/contracts/locations';
import { packedBoxOf } from '@hopbox/contracts/pricing';
import type { ConsolidatedShipment, SentShipment, StaffShipment } from '@hopbox/contracts/shipments';
import { SENT_STATUSES } from '@hopbox/contracts/shipments';
import type { StaffShipmentFilter } from '@hopbox/contracts/staff-shipments';
import { and, asc, count, desc, eq, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cappedCount, customerListPage } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import { type ChosenCarrierOption, hosts, packages, shipmentEvents, shipmentNumberSeq, shipments, users } from '../../db/schema.ts';
import { anyContains, containsPattern } from '../../db/search.ts';
import { internalNotesOf } from '../internal-notes/internal-notes-repository.ts';
import { movePackagesIntoShipment, type PageRequest } from '../packages/packages-repository.ts';

type ShipmentRow = typeof shipments.$inferSelect;

/** The Hopbox IDs of a shipment's packages, as SPEC.md's JSON text list, aggregated in the same query. */
const packageIds = sql<
  string[]
>`coalesce((select json_agg(${packages.hopboxId} order by ${packages.id}) from ${packages} where ${packages.shipmentId} = ${shipments.id}), '[]'::json)`;

interface LatestEventRow {
  at: string;
  status: string;
  location: string | null;
  description: string | null;
}

/** The carrier's newest event of the shipment, read in the same query through the (shipment, time) index. */
const latestEvent = sql<LatestEventRow | null>`(select json_build_object('at', ${shipmentEvents.at}, 'status', ${shipmentEvents.status}, 'location', ${shipmentEvents.location}, 'description', ${shipmentEvents.description}) from ${shipmentEvents} where ${shipmentEvents.shipmentId} = ${shipments.id} order by ${shipmentEvents.at} desc, ${shipmentEvents.id} desc limit 1)`;

const selection = {
  s: shipments,
  packageIds,
  latestEvent,
  lockerNumber: users.lockerNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  hostCode: hosts.code,
};

interface Selected {
  s: ShipmentRow;
  packageIds: string[] | string;
  latestEvent: LatestEventRow | string | null;
  lockerNumber: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  hostCode: string | null;
}

const idsText = (v: string[] | string) => (typeof v === 'string' ? v : JSON.stringify(v));
/** The embedded database answers json as text; PostgreSQL's driver parses it. Times are normalised to ISO. */
function eventOf(v: LatestEventRow | string | null) {
  if (v === null) return null;
  const e: LatestEventRow = typeof v === 'string' ? JSON.parse(v) : v;
  return { at: new Date(e.at).toISOString(), status: e.status, location: e.location, description: e.description };
}
const measureOf = (v: string | null) => (v === null ? null : Number(v));

const packedFields = (s: ShipmentRow) => ({
  packedWeight: measureOf(s.packedWeight),
  packedLength: measureOf(s.packedLength),
  packedBreadth: measureOf(s.packedBreadth),
  packedHeight: measureOf(s.packedHeight),
});

/** What both customer lists show of a shipment and its customer (the phone given for the shipment, else the account's). */
function listFields(r: Selected) {
  const s = r.s;
  return {
    id: s.id,
    shipmentId: s.shipmentId,
    lockerNumber: r.lockerNumber ?? '',
    customerName: `${r.firstName} ${r.lastName}`,
    customerPhone: s.phone ?? r.phone,
    packageIds: idsText(r.packageIds),
    totalWeight: Number(s.totalWeight),
  };
}

function toSent(r: Selected): SentShipment {
  const s = r.s;
  return {
    ...listFields(r),
    awb: s.awb,
    orderDate: s.orderDate?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    processingDate: s.processingDate?.toISOString() ?? null,
    host: s.hostId,
    hostCode: r.hostCode,
    shipmentStatus: s.shipmentStatus,
    paymentStatus: s.paymentStatus,
    paymentReference: s.paymentReference,
    amount: s.amount === null ? null : Number(s.amount),
    currency: s.currency,
    origin: s.origin,
    destination: s.country,
    carrier: s.carrier,
    latestEvent: eventOf(r.latestEvent),
    insured: s.insured,
    insuredValue: s.insuredValue === null ? null : Number(s.insuredValue),
    priceBreakdown: s.priceBreakdown ?? [],
    carrierOption: s.carrierOption ?? null,
    duties: s.duties ?? null,
    ...destinationFields(r),
  };
}

/** Shipments Progress keeps SPEC.md's snake_case keys for the same fields. */
function toConsolidated(r: Selected): ConsolidatedShipment {
  const s = r.s;
  const f = listFields(r);
  return {
    id: f.id,
    shipment_id: f.shipmentId,
    locker_number: f.lockerNumber,
    customer_name: f.customerName,
    customer_phone: f.customerPhone,
    package_ids: f.packageIds,
    total_weight: f.totalWeight,
    origin: s.origin,
    destination: s.country,
    ready_to_ship: s.readyToShip,
    consolidation_status: s.consolidationStatus ?? 'Pending',
    created_at: s.createdAt.toISOString(),
    amount: null,
    currency: s.currency,
    priced_from: packedBoxOf(s) ? 'packed_box' : 'estimate',
    packed_weight: measureOf(s.packedWeight),
    packed_length: measureOf(s.packedLength),
    packed_breadth: measureOf(s.packedBreadth),
    packed_height: measureOf(s.packedHeight),
    breakdown: [],
    insurance: null,
    price_held_until: null,
    options: [],
    option: null,
    duties: null,
    duties_basis: null,
  };
}

type StaffShipmentRow = Omit<StaffShipment, 'picks' | 'internalNotes'>;

function toStaff(r: Selected): StaffShipmentRow {
  return {
    ...toSent(r),
    isConsolidated: r.s.isConsolidated,
    readyToShip: r.s.readyToShip,
    consolidationStatus: r.s.consolidationStatus,
    paymentOpen: r.s.openPaymentId !== null,
    customerEmail: r.email,
    ...packedFields(r.s),
    carrierError: r.s.carrierError,
    customerNote: r.s.notes,
  };
}

/**
 * The warehouse's view adds what the packer needs, for every listed shipment in two queries: the pick
 * list (its packages in walking order of their locations) and the internal notes.
 */
async function withWarehouseDetails(db: Executor, rows: StaffShipmentRow[]): Promise<StaffShipment[]> {
  const ids = rows.map((r) => r.id);
  const [packed, notes] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            id: packages.id,
            hopboxId: packages.hopboxId,
            packageContent: packages.packageContent,
            quantity: packages.quantity,
            packageWeight: packages.packageWeight,
            location: packages.location,
            shipmentId: packages.shipmentId,
          })
          .from(packages)
          .where(inArray(packages.shipmentId, ids)),
    internalNotesOf(db, 'shipment', ids),
  ]);
  const picks = new Map<number, Pick[]>();
  for (const { shipmentId, packageWeight, ...p } of packed) {
    const list = picks.get(shipmentId as number) ?? [];
    list.push({ ...p, packageWeight: Number(packageWeight) });
    picks.set(shipmentId as number, list);
  }
  for (const list of picks.values()) list.sort((a, b) => compareLocations(a.location, b.location) || a.hopboxId.localeCompare(b.hopboxId));
  return rows.map((r) => ({ ...r, picks: picks.get(r.id) ?? [], internalNotes: notes.get(r.id) ?? [] }));
}

/** Where the parcel goes, for the dispatch label: the recipient falls back to the customer (decision 027). */
function destinationFields(r: Selected) {
  const s = r.s;
  return {
    recipientName: recipientOf(s.recipientName, `${r.firstName} ${r.lastName}`),
    address: s.address,
    city: s.city,
    state: s.state,
    postalCode: s.postalCode,
    phone: s.phone ?? r.phone,
  };
}

/** The shipments joined to their customer and host, with `extra` columns beside the list's (a page's count). */
function base<Extra extends Record<string, SQL | SQL.Aliased>>(db: Executor, extra = {} as Extra) {
  return db
    .select({ ...selection, ...extra })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.userId))
    .leftJoin(hosts, eq(hosts.id, shipments.hostId));
}

/** Shipments Progress' list (unpaid consolidations of more than one package), prepared once (decision 038). */
const customerLists = (db: Executor) =>
  prepared(db, 'customer_shipments', (d) => ({
    consolidated: base(d)
      .where(
        and(eq(shipments.userId, sql.placeholder('userId')), eq(shipments.isConsolidated, true), eq(shipments.shipmentStatus, 'Pending')),
      )
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(LIST_MAX_ROWS)
      .prepare('shipments_consolidated'),
  }));

/** The customer's paid shipments. */
const customerSent = and(eq(shipments.userId, sql.placeholder('userId')), inArray(shipments.shipmentStatus, [...SENT_STATUSES]));

/**
 * What Sent Shipments' search looks in: what tells one shipment from another (its locker and customer are the same on
 * every row). A package ID and the host code are probed by their shipment, so no row is joined for the search.
 */
const sentSearch = (pattern: Placeholder) =>
  and(
    customerSent,
    or(
      anyContains(pattern, shipments.shipmentId, shipments.awb, shipments.shipmentStatus, shipments.origin, shipments.country),
      sql`exists (select 1 from ${packages} where ${packages.shipmentId} = ${shipments.id} and ${packages.hopboxId} ilike ${pattern})`,
      sql`exists (select 1 from ${hosts} where ${hosts.id} = ${shipments.hostId} and ${hosts.code} ilike ${pattern})`,
    ),
  );

/**
 * Sent Shipments a page at a time (decision 076), prepared once: the page's ids first, newest order first, then only
 * those rows joined to their packages, host and latest carrier event; the count rides on the page as a subquery.
 */
const sentStatements = (db: Executor) =>
  prepared(db, 'sent_shipments', (d) => {
    const newestOrderFirst = [desc(shipments.orderDate), desc(shipments.id)];
    const page = (where: SQL | undefined, name: string) => {
      const pageIds = d
        .select({ id: shipments.id })
        .from(shipments)
        .where(where)
        .orderBy(...newestOrderFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      const total = sql<number>`(select count(*) from ${shipments} where ${where})`.mapWith(Number);
      return base(d, { total })
        .where(inArray(shipments.id, pageIds))
        .orderBy(...newestOrderFirst)
        .prepare(name);
    };
    const counted = (where: SQL | undefined, name: string) => d.select({ n: count() }).from(shipments).where(where).prepare(name);
    const searched = sentSearch(sql.placeholder('pattern'));
    return {
      page: page(customerSent, 'sent_page'),
      count: counted(customerSent, 'sent_count'),
      searchPage: page(searched, 'sent_search_page'),
      searchCount: counted(searched, 'sent_search_count'),
    };
  });

export async function listConsolidated(db: Executor, userId: number) {
  const rows = await customerLists(db).consolidated.execute({ userId });
  return rows.map(toConsolidated);
}

/** One page of the customer's paid shipments, newest order first, and how many there are (matching `q` when given). */
export async function listSent(db: Executor, userId: number, q: string | undefined, page: PageRequest) {
  const { rows, total } = await customerListPage(sentStatements(db), userId, q ? containsPattern(q) : undefined, page);
  return { items: rows.map(toSent), total };
}

export async function findSentShipment(db: Executor, id: number) {
  const [row] = await base(db).where(eq(shipments.id, id)).limit(1);
  return row && toSent(row);
}

export async function findStaffShipment(db: Executor, id: number) {
  const [row] = await base(db).where(eq(shipments.id, id)).limit(1);
  if (!row) return undefined;
  const [staff] = await withWarehouseDetails(db, [toStaff(row)]);
  return staff;
}

/** A consolidation not paid yet: the warehouse packs it, then the customer pays for its box. */
const openConsolidation = and(eq(shipments.isConsolidated, true), eq(shipments.shipmentStatus, 'Pending'));

/** Which shipments a warehouse list holds (STAFF_SHIPMENT_FILTERS): each condition is read off a newest-first index. */
function staffListWhere(filter: StaffShipmentFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'consolidating':
      return openConsolidation;
    case 'to-pack':
      return and(openConsolidation, sql`coalesce(${shipments.consolidationStatus}, 'Pending') <> 'Completed'`);
    case 'packed':
      return and(openConsolidation, eq(shipments.consolidationStatus, 'Completed'));
    case 'awaiting-dispatch':
      return and(eq(shipments.paymentStatus, 'Paid'), inArray(shipments.shipmentStatus, ['Finalized', 'Processed']));
    // Every shipment past Pending is paid: a captured payment is what moves one on (SHIPMENT_LIFECYCLE). Said by its
    // status, the count reads the status index alone; payment_status is in no index, and nearly every shipment is paid,
    // so counting by it reads the table from its start.
    case 'paid':
      return inArray(shipments.shipmentStatus, [...SENT_STATUSES]);
    default:
      return eq(shipments.shipmentStatus, filter);
  }
}

/**
 * One page of a warehouse list, newest first, and its count up to LIST_COUNT_CAP (decision 075). The page's ids are
 * read first, off the (status, created) or (created) index, and only those rows are joined and given their packages,
 * latest event, pick list and notes: an offset then skips index entries, never whole rows with their subqueries.
 */
export async function listForStaff(db: Executor, filter: StaffShipmentFilter, page: PageRequest) {
  const where = staffListWhere(filter);
  const newestFirst = [desc(shipments.createdAt), desc(shipments.id)];
  const pageIds = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [rows, counted] = await Promise.all([
    base(db)
      .where(inArray(shipments.id, pageIds))
      .orderBy(...newestFirst),
    // Delivered shipments are most of a forwarder's history (800,000 of them at ten million packages): counted to the cap.
    cappedCount(db, shipments, where),
  ]);
  return { items: await withWarehouseDetails(db, rows.map(toStaff)), ...counted };
}

export async function findUserShipments(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), inArray(shipments.id, ids)));
}

export async function findShipmentByPaymentReference(db: Executor, userId: number, reference: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.paymentReference, reference)))
    .limit(1);
  return row;
}

/** The customer's packages by id or Hopbox ID. */
export async function findPackagesByRefs(db: Executor, userId: number, refs: (number | string)[]) {
  const ids = refs.filter((r): r is number => typeof r === 'number');
  const hopboxIds = refs.filter((r): r is string => typeof r === 'string').map((r) => r.toUpperCase());
  const match = or(
    ids.length ? inArray(packages.id, ids) : undefined,
    hopboxIds.length ? inArray(packages.hopboxId, hopboxIds) : undefined,
  );
  return db
    .select()
    .from(packages)
    .where(and(eq(packages.userId, userId), match));
}

export async function packagesOfShipments(db: Executor, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return [];
  return db.select().from(packages).where(inArray(packages.shipmentId, shipmentIds));
}

/** The active warehouse of a country: the lowest id, as every package's storage terms pick it. */
export async function activeHostIdForCountry(db: Executor, country: string) {
  const [row] = await db
    .select({ id: hosts.id })
    .from(hosts)
    .where(and(eq(hosts.active, true), sql`lower(${hosts.country}) = ${country.toLowerCase()}`))
    .orderBy(asc(hosts.id))
    .limit(1);
  return row?.id ?? null;
}

export type NewShipment = Omit<typeof shipments.$inferInsert, 'id' | 'shipmentId' | 'createdAt' | 'updatedAt'>;

/** Inserts the shipment and moves its packages into it; false when a package was taken meanwhile. */
export async function insertShipmentWithPackages(db: Executor, values: NewShipment, packageIdList: number[]) {
  const [row] = await db
    .insert(shipments)
    .values({ ...values, shipmentId: sql`'SHP' || nextval(${shipmentNumberSeq.seqName})` })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  const moved = await movePackagesIntoShipment(db, values.userId, packageIdList, row.id);
  return moved.length === packageIdList.length ? row : null;
}

/**
 * The one move of a shipment's status: allowed by SHIPMENT_LIFECYCLE from the status it has now (compare and set:
 * of two racing moves one wins, and a move already made is not made again), with `set` written alongside and
 * `where` narrowing it further. Answers the moved row, or undefined when the move was not allowed.
 */
export async function moveShipment(
  db: Executor,
  id: number,
  to: ShipmentStatus,
  set: Partial<typeof shipments.$inferInsert> = {},
  where?: SQL,
) {
  const [row] = await db
    .update(shipments)
    .set({ ...set, shipmentStatus: to })
    .where(and(eq(shipments.id, id), inArray(shipments.shipmentStatus, movesInto(SHIPMENT_LIFECYCLE, to)), where))
    .returning();
  return row;
}

/**
 * The one move of a consolidation's packing status: allowed by CONSOLIDATION_LIFECYCLE, made only from the status it
 * has now (compare and set) and only while the shipment is unpaid with no payment open, since the box is what the
 * customer is charged for; `set` is written alongside. Answers the moved row, or undefined when it did not move.
 */
export async function moveConsolidation(
  db: Executor,
  id: number,
  from: ConsolidationStatus,
  to: ConsolidationStatus,
  set: Partial<typeof shipments.$inferInsert> = {},
) {
  if (!canMove(CONSOLIDATION_LIFECYCLE, from, to)) return undefined;
  const [row] = await db
    .update(shipments)
    .set({ ...set, consolidationStatus: to })
    .where(
      and(
        eq(shipments.id, id),
        eq(shipments.isConsolidated, true),
        sql`coalesce(${shipments.consolidationStatus}, 'Pending') = ${from}`,
        eq(shipments.paymentStatus, 'Unpaid'),
        isNull(shipments.openPaymentId),
      ),
    )
    .returning();
  return row;
}

/** Updates a shipment; `unpaidOnly` leaves one paid meanwhile untouched (and answers nothing). */
export async function updateShipment(
  db: Executor,
  id: number,
  values: Partial<typeof shipments.$inferInsert>,
  { unpaidOnly = false } = {},
) {
  const [row] = await db
    .update(shipments)
    .set(values)
    .where(and(eq(shipments.id, id), unpaidOnly ? and(eq(shipments.paymentStatus, 'Unpaid'), isNull(shipments.openPaymentId)) : undefined))
    .returning();
  return row;
}

/** What a payment charged for a shipment, kept on it (issue "Declare, insure"). */
export interface ChargeColumns {
  breakdown: { label: string; amount: number }[];
  insured: boolean;
  insuredValue: number | null;
  insurancePremium: number | null;
  storageFee: number;
  /** Absent on payments opened before options and duties (decisions 070, 071). */
  option?: ChosenCarrierOption | null;
  duties?: DutiesEstimate | null;
}

export const chargeColumns = (charge: ChargeColumns | undefined) =>
  charge
    ? {
        insured: charge.insured,
        insuredValue: charge.insuredValue === null ? null : charge.insuredValue.toFixed(2),
        insurancePremium: charge.insurancePremium === null ? null : charge.insurancePremium.toFixed(2),
        storageFee: charge.storageFee.toFixed(2),
        priceBreakdown: charge.breakdown,
        carrierOption: charge.option ?? null,
        duties: charge.duties ?? null,
      }
    : {};

/** Marks the listed consolidations paid, skipping any already paid; returns the ids it changed. */
export async function markConsolidationsPaid(
  db: Executor,
  userId: number,
  ids: number[],
  paymentReference: string,
  priced: Map<number, { amount: number; charge?: ChargeColumns }>,
) {
  const changed: number[] = [];
  for (const id of ids) {
    const row = await moveShipment(
      db,
      id,
      'Finalized',
      {
        paymentStatus: 'Paid',
        paymentReference,
        amount: (priced.get(id)?.amount ?? 0).toFixed(2),
        ...chargeColumns(priced.get(id)?.charge),
        consolidationStatus: 'Completed',
        orderDate: new Date(),
      },
      and(eq(shipments.userId, userId), eq(shipments.paymentStatus, 'Unpaid')),
    );
    if (row) changed.push(row.id);
  }
  return changed;
}

/**
 * A paid shipment's packages stop accruing storage: each keeps the fee charged for it (0 when none was), and the
 * moment it was settled. Packages settled before keep theirs.
 */
export async function settleStorage(db: Executor, packageIds: readonly number[], feeByPackage: Record<string, number>, at: Date) {
  const unsettled = and(inArray(packages.id, [...packageIds]), isNull(packages.storageSettledAt));
  if (packageIds.length === 0) return;
  const charged = Object.entries(feeByPackage);
  const fee = charged.length
    ? sql`case ${packages.id} ${sql.join(
        charged.map(([id, amount]) => sql`when ${Number(id)} then ${amount.toFixed(2)}::numeric`),
        sql` `,
      )} else 0 end`
    : sql`0`;
  await db.update(packages).set({ storageSettledAt: at, storageFeeCharged: fee }).where(unsettled);
}
