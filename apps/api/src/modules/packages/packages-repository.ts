import { PAGE_SIZE } from '@hopbox/contracts/constants';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import type { PackageLeftStatus } from '@hopbox/contracts/lifecycles';
import type { Package } from '@hopbox/contracts/packages';
import { DEFAULT_FREE_STORAGE_DAYS, DEFAULT_STORAGE_FEE_PER_DAY, storageOf } from '@hopbox/contracts/storage';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { cappedCount, customerListPage } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import {
  hopboxIdSeq,
  hosts,
  isOpenPackageRequest,
  packageRequests,
  packageSearchText,
  packages,
  photoRequests,
  userSearchText,
  users,
  waitingInLocker,
} from '../../db/schema.ts';
import { anyContains, containsPattern } from '../../db/search.ts';
import { hasLeftWarehouse } from '../hosts/host-locations-repository.ts';
import { declarationSummary, initialDeclaration, insertDeclarationItems } from './declarations-repository.ts';

type PackageRow = typeof packages.$inferSelect;

/** True while the package has a PENDING or IN_PROGRESS photo request: one EXISTS per row, in the same query. */
// The outer column is written out in full: in a one-table select Drizzle leaves table names off, and a
// bare "id" inside the subquery would mean photo_requests.id.
const photoRequested = sql<boolean>`exists (select 1 from ${photoRequests} where ${photoRequests.packageId} = ${sql.raw('"packages"."id"')} and ${photoRequests.status} in ('PENDING', 'IN_PROGRESS'))`;

/** True while the package has an open package request (decision 061): the warehouse is working on it, so it cannot ship. */
const requestOpen = sql<boolean>`exists (select 1 from ${packageRequests} where ${packageRequests.packageId} = ${sql.raw('"packages"."id"')} and ${isOpenPackageRequest(packageRequests.status)})`;

/**
 * The storage terms of the warehouse the package is in (the active host of its origin country), or the
 * defaults: a subquery on the few host rows, so a page stays one statement.
 */
const hostTerm = (column: SQL, fallback: number) =>
  sql<number>`coalesce((select ${column} from ${hosts} where ${hostOfOrigin(sql.raw('"packages"."origin"'))} order by ${hosts.id} limit 1), ${sql.raw(String(fallback))})`.mapWith(
    Number,
  );

/** The host whose storage terms a package has: an active host of its origin country (the first, by id, if several). */
export const hostOfOrigin = (origin: SQL | AnyPgColumn) => sql`${hosts.active} and lower(${hosts.country}) = lower(${origin})`;
const freeDays = hostTerm(sql`${hosts.freeStorageDays}`, DEFAULT_FREE_STORAGE_DAYS);
const feePerDay = hostTerm(sql`${hosts.storageFeePerDay}`, DEFAULT_STORAGE_FEE_PER_DAY);

/**
 * The columns a package answer shows, and no more: every column read is parsed and mapped for every
 * row of every page (decision 038).
 */
const answerColumns = {
  id: packages.id,
  hopboxId: packages.hopboxId,
  shipper: packages.shipper,
  packageContent: packages.packageContent,
  receivedDate: packages.receivedDate,
  origin: packages.origin,
  lockerNumber: packages.lockerNumber,
  externalTrackingNumber: packages.externalTrackingNumber,
  shipmentStatus: packages.shipmentStatus,
  quantity: packages.quantity,
  unitPrice: packages.unitPrice,
  totalPrice: packages.totalPrice,
  currency: packages.currency,
  description: packages.description,
  notes: packages.notes,
  packageWeight: packages.packageWeight,
  unitWeight: packages.unitWeight,
  packageLength: packages.packageLength,
  packageBreadth: packages.packageBreadth,
  packageHeight: packages.packageHeight,
  shipmentId: packages.shipmentId,
  leftAs: packages.leftAs,
  declarationComplete: packages.declarationComplete,
  storageSettledAt: packages.storageSettledAt,
  storageFeeCharged: packages.storageFeeCharged,
};

/**
 * What a package answer is read from: its columns, its photo flag and its warehouse's storage terms,
 * side by side (a flat selection is the cheapest for Drizzle to map).
 */
export const packageColumns = { ...answerColumns, photoRequested, requestOpen, freeDays, feePerDay };

/** Whether the package has a package request still open (REQUESTED or IN_PROGRESS): the warehouse is working on it. */
export async function hasOpenPackageRequest(db: Executor, id: number) {
  const [row] = await db.select({ open: requestOpen }).from(packages).where(eq(packages.id, id));
  return Boolean(row?.open);
}
type PackageRead = Pick<PackageRow, keyof typeof answerColumns> & {
  photoRequested: boolean;
  requestOpen: boolean;
  freeDays: number;
  feePerDay: number;
};

export function toPackage(r: PackageRead, now: Date): Package {
  return {
    id: r.id,
    hopboxId: r.hopboxId,
    shipper: r.shipper,
    packageContent: r.packageContent,
    receivedDate: r.receivedDate.toISOString(),
    origin: r.origin,
    // Answers of this shape are of customers' packages, which always have their locker.
    lockerNumber: r.lockerNumber ?? '',
    externalTrackingNumber: r.externalTrackingNumber,
    shipmentStatus: r.shipmentStatus,
    quantity: r.quantity,
    unitPrice: Number(r.unitPrice),
    totalPrice: Number(r.totalPrice),
    currency: r.currency,
    description: r.description,
    notes: r.notes,
    packageWeight: Number(r.packageWeight),
    unitWeight: Number(r.unitWeight),
    packageLength: Number(r.packageLength),
    packageBreadth: Number(r.packageBreadth),
    packageHeight: Number(r.packageHeight),
    shipmentId: r.shipmentId,
    leftAs: r.leftAs as PackageLeftStatus | null,
    photoRequested: Boolean(r.photoRequested),
    requestOpen: Boolean(r.requestOpen),
    declarationComplete: r.declarationComplete,
    storage: storageOf(
      r.receivedDate,
      { freeDays: Number(r.freeDays), feePerDay: Number(r.feePerDay) },
      now,
      r.storageSettledAt ? { at: r.storageSettledAt, fee: Number(r.storageFeeCharged ?? 0) } : null,
    ),
  };
}

/**
 * The warehouse's search across every locker: on the expression the trigram index holds, so it reads
 * the index rather than every package (decision 022).
 */
const indexedSearch = (pattern: string): SQL => sql`${packageSearchText(packages)} ilike ${pattern}`;

/**
 * The customer's search within the locker: the same fields, one `ILIKE` each. Here the locker's own
 * index already narrows the rows to that customer's; the trigram index would instead gather every
 * locker's matches of a common word first (measured: 4 times slower, decision 022).
 */
const lockerSearchCondition = (pattern: Placeholder) =>
  anyContains(pattern, packages.hopboxId, packages.shipper, packages.packageContent, packages.origin, packages.externalTrackingNumber);

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The page a list query asks for: the first, of PAGE_SIZE, unless it says otherwise. */
export const pageRequestOf = (query: { page?: number; pageSize?: number }): PageRequest => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? PAGE_SIZE,
});

const lockerWaiting = and(eq(packages.userId, sql.placeholder('userId')), waitingInLocker(packages));
const lockerSearch = and(lockerWaiting, lockerSearchCondition(sql.placeholder('pattern')));

/**
 * The locker's page and count, with and without a search: four statements prepared once. The page
 * carries the count (a subquery PostgreSQL runs once), so a page is one round trip; the count alone
 * is asked only when the page is empty (decision 020).
 */
const lockerStatements = (db: Executor) =>
  prepared(db, 'locker_packages', (d) => {
    // The page's ids first, then their rows and photo flags: the flag's EXISTS runs for the ten rows
    // shown, not for every row a deep page's OFFSET skips (2,500 probes on page 250).
    const page = (where: SQL | undefined, name: string) => {
      const pageIds = d
        .select({ id: packages.id })
        .from(packages)
        .where(where)
        .orderBy(desc(packages.receivedDate), desc(packages.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      const total = sql<number>`(select count(*) from ${packages} where ${where})`.mapWith(Number);
      return d
        .select({ ...packageColumns, total })
        .from(packages)
        .where(inArray(packages.id, pageIds))
        .orderBy(desc(packages.receivedDate), desc(packages.id))
        .prepare(name);
    };
    const total = (where: SQL | undefined, name: string) => d.select({ n: count() }).from(packages).where(where).prepare(name);
    return {
      page: page(lockerWaiting, 'locker_page'),
      count: total(lockerWaiting, 'locker_count'),
      searchPage: page(lockerSearch, 'locker_search_page'),
      searchCount: total(lockerSearch, 'locker_search_count'),
    };
  });

/** The customer's packages still in the locker (not in a shipment), newest first: one page and the total count. */
export async function listLockerPackages(db: Executor, userId: number, q: string | undefined, page: PageRequest, now: Date) {
  const { rows, total } = await customerListPage(lockerStatements(db), userId, q ? containsPattern(q) : undefined, page);
  return { items: rows.map((r) => toPackage(r, now)), total };
}

/**
 * The customer's packages that left the locker through a package request (returned, discarded, split), the latest
 * first, each row carrying the count (a history is short; a page past its end counts nothing).
 */
export async function listLeftPackages(db: Executor, userId: number, page: PageRequest, now: Date) {
  const rows = await db
    .select({ ...packageColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(packages)
    .where(and(eq(packages.userId, userId), isNotNull(packages.leftAt)))
    .orderBy(desc(packages.leftAt), desc(packages.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { items: rows.map((r) => toPackage(r, now)), total: rows[0]?.total ?? 0 };
}

export async function findUserPackage(db: Executor, userId: number, id: number, now: Date): Promise<Package | undefined> {
  const [r] = await db
    .select(packageColumns)
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.userId, userId)))
    .limit(1);
  return r && toPackage(r, now);
}

export async function findUserPackagesByIds(db: Executor, userId: number, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(packageColumns)
    .from(packages)
    .where(and(eq(packages.userId, userId), inArray(packages.id, ids)));
  return rows.map((r) => toPackage(r, now));
}

export async function updatePackageDetails(
  db: Executor,
  userId: number,
  id: number,
  values: { description: string | null; quantity: number; unitPrice: number; totalPrice: number },
) {
  const rows = await db
    .update(packages)
    .set({
      description: values.description,
      quantity: values.quantity,
      unitPrice: values.unitPrice.toFixed(2),
      totalPrice: values.totalPrice.toFixed(2),
    })
    .where(and(eq(packages.id, id), eq(packages.userId, userId), waitingInLocker(packages)))
    .returning({ id: packages.id });
  return rows.length === 1;
}

export type NewPackage = Omit<typeof packages.$inferInsert, 'id' | 'hopboxId' | 'createdAt' | 'updatedAt'>;

/** Inserts a received package with the declaration it starts with (one item of its content, quantity, price and origin, unless given). */
export async function insertPackage(db: Executor, values: NewPackage, now: Date, declared?: DeclarationItem[]): Promise<Package> {
  const declaration =
    declared ??
    initialDeclaration({
      packageContent: values.packageContent,
      quantity: values.quantity ?? 1,
      unitPrice: Number(values.unitPrice ?? 0),
      currency: values.currency ?? 'USD',
      origin: values.origin,
    });
  const [inserted] = await db
    .insert(packages)
    .values({
      ...values,
      hopboxId: sql`'HBX' || nextval(${hopboxIdSeq.seqName})`,
      declarationComplete: declarationSummary(declaration).complete,
    })
    .returning({ id: packages.id });
  if (inserted) await insertDeclarationItems(db, inserted.id, declaration);
  const [r] = inserted ? await db.select(packageColumns).from(packages).where(eq(packages.id, inserted.id)) : [];
  if (!r) throw new Error('insert returned nothing');
  return toPackage(r, now);
}

/**
 * The ids of a page of the warehouse's list, newest first. Without a search PostgreSQL walks the
 * newest-first index and stops after the page. A search is gathered first and then sorted (the
 * `offset 0` keeps the subquery apart): otherwise PostgreSQL, guessing that one package in two hundred
 * matches, walks that same index looking for the page's matches, and a Hopbox ID or a tracking number,
 * which matches one package, makes it read every package (decision 039).
 */
function staffPageIds(where: SQL | undefined, searching: boolean, page: PageRequest): SQL {
  const window = sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`;
  if (!searching) {
    return sql`select ${packages.id} from ${packages} ${where ? sql`where ${where}` : sql``} order by ${packages.receivedDate} desc, ${packages.id} desc ${window}`;
  }
  return sql`select m.id from (select ${packages.id}, ${packages.receivedDate} from ${packages} where ${where} offset 0) m order by m.received_date desc, m.id desc ${window}`;
}

/**
 * How many of the newest packages a search of the whole warehouse reads, in the list's order, before it gathers
 * every match instead (decision 073): a common word fills its page from the newest few thousand packages.
 */
const SEARCH_WALK_ROWS = 10_000;

/**
 * A search's page from the newest SEARCH_WALK_ROWS packages alone, with how many of them match: the answer when it
 * fills the page (or read every package there is), undefined when the page needs older packages.
 */
async function pageOfRecentMatches(db: Executor, base: SQL | undefined, match: SQL, page: PageRequest) {
  // The match is worked out on each package the walk reads, as it reads it: joined back instead, PostgreSQL would
  // gather every match in the warehouse through the trigram index first, which is what this walk avoids.
  const result = await db.execute(sql`
    with walked as materialized (
      select ${packages.id}, ${packages.receivedDate}, (${match}) as hit from ${packages} ${base ? sql`where ${base}` : sql``}
      order by ${packages.receivedDate} desc, ${packages.id} desc limit ${SEARCH_WALK_ROWS}
    )
    select id, (select count(*) from walked where hit)::int as matched, (select count(*) from walked)::int as walked
    from walked where hit order by received_date desc, id desc
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  const { rows } = result as unknown as { rows: { id: number; matched: number; walked: number }[] };
  const first = rows[0];
  const walkedAll = first ? Number(first.walked) < SEARCH_WALK_ROWS : false;
  if (rows.length < page.pageSize && !walkedAll) return undefined;
  return { ids: rows.map((r) => Number(r.id)), total: Number(first?.matched ?? 0), totalCapped: !walkedAll };
}

/** Staff search across every locker: by Hopbox ID, tracking number, locker, customer name or email. */
export async function listAllPackages(db: Executor, filter: { lockerNumber?: string; q?: string }, page: PageRequest, now: Date) {
  // Unidentified parcels have their own queue (issue "Arrivals"); this list is of the lockers' packages.
  // A locker's packages all have their customer (packages_owner_whole): named alone, the locker is counted off its
  // index without reading a package.
  const base = filter.lockerNumber ? eq(packages.lockerNumber, filter.lockerNumber) : isNotNull(packages.userId);
  let match: SQL | undefined;
  let recent: Awaited<ReturnType<typeof pageOfRecentMatches>>;
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    // The customers found by name, email or locker first, as an array the package index can probe:
    // each side of the OR then reads an index (trigram or user id), never every package.
    const customers = sql`array(select ${users.id} from ${users} where ${userSearchText(users)} ilike ${pattern})`;
    const ofCustomers = sql`${packages.userId} = any(${customers})`;
    match = or(indexedSearch(pattern), ofCustomers);
    // Within a locker the list is that locker's; across the warehouse a search first looks among the newest packages.
    if (!filter.lockerNumber) recent = await pageOfRecentMatches(db, base, match as SQL, page);
  }
  const where = and(base, match);
  const selected = db
    .select({ ...packageColumns, location: packages.location, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(packages)
    .innerJoin(users, eq(users.id, packages.userId));
  const [rows, counted] = recent
    ? [
        recent.ids.length
          ? await selected.where(inArray(packages.id, recent.ids)).orderBy(desc(packages.receivedDate), desc(packages.id))
          : [],
        // At least this many match: those among the newest packages (a "+" when older ones were not read).
        { total: recent.total, totalCapped: recent.totalCapped },
      ]
    : await Promise.all([
        // The page's ids first, then their rows: the photo flag and storage terms are read for those rows only.
        selected
          .where(sql`${packages.id} in (${staffPageIds(where, Boolean(filter.q), page)})`)
          .orderBy(desc(packages.receivedDate), desc(packages.id)),
        // Every package counted has its customer (the condition above): the count needs no join. Counted up to the cap:
        // the whole warehouse is millions of packages, and no one pages past ten thousand (issue "Speed at scale").
        cappedCount(db, packages, where),
      ]);
  return {
    items: rows.map((r) => ({
      ...toPackage(r, now),
      customerName: `${r.firstName} ${r.lastName}`,
      customerEmail: r.email,
      location: r.location,
    })),
    ...counted,
  };
}

/**
 * The one move of packages (PACKAGE_LIFECYCLE, IN_LOCKER to IN_SHIPMENT): from the customer's locker into a shipment. Compare and set: only
 * packages of `userId` still in the locker and held by no open payment move, so of two requests putting the same
 * package in a shipment one wins. Answers the ids that moved.
 */
export async function movePackagesIntoShipment(db: Executor, userId: number, packageIds: readonly number[], shipmentId: number) {
  const moved = await db
    .update(packages)
    .set({ shipmentId })
    .where(
      and(
        inArray(packages.id, [...packageIds]),
        eq(packages.userId, userId),
        waitingInLocker(packages),
        // A package the warehouse is working on (an open package request) waits until the request is finished.
        sql`not exists (select 1 from ${packageRequests} where ${packageRequests.packageId} = ${sql.raw('"packages"."id"')} and ${isOpenPackageRequest(packageRequests.status)})`,
        // A package an open payment holds stays in the locker until that payment lets go of it.
        isNull(packages.openPaymentId),
      ),
    )
    .returning({ id: packages.id });
  return moved.map((r) => r.id);
}

/**
 * The package a move is about, locked until the move commits (two moves of one package take turns),
 * with whether its shipment has already gone to the carrier.
 */
export async function lockPackageForMove(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: packages.id,
      origin: packages.origin,
      location: packages.location,
      leftWarehouse: hasLeftWarehouse,
    })
    .from(packages)
    .where(eq(packages.id, id))
    .for('update', { of: packages });
  return row;
}

export async function setLocation(db: Executor, id: number, location: string) {
  await db.update(packages).set({ location }).where(eq(packages.id, id));
}
