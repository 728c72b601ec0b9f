import { monthStarts } from '@hopbox/contracts/dashboard';
import { toMajor } from '@hopbox/contracts/money';
import { SENT_STATUSES } from '@hopbox/contracts/shipments';
import { DEFAULT_FREE_STORAGE_DAYS, STORAGE_WARNING_DAYS } from '@hopbox/contracts/storage';
import { and, asc, type Column, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hosts, packages, photoRequests, shipments, waitingInLocker } from '../../db/schema.ts';
import { hostOfOrigin } from '../packages/packages-repository.ts';
import { storageFigures } from '../packages/storage-reminders-repository.ts';
import { balanceOf } from '../wallet/wallet-repository.ts';

/** `count(*) filter (where …)`: one figure of a query that counts several over the same rows. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

interface Months {
  thisMonth: Date;
  lastMonth: Date;
}

/** A date column's rows of this month and of last month (decision 031: calendar months, UTC). */
function monthCounts(column: Column, months: Months, also?: SQL) {
  return {
    thisMonth: countWhere(and(also, gte(column, months.thisMonth))),
    lastMonth: countWhere(and(also, gte(column, months.lastMonth), lt(column, months.thisMonth))),
  };
}

/**
 * The customer's packages in the locker: how many, and those whose free storage ends within STORAGE_WARNING_DAYS or
 * has ended, at `now`. Read off the locker's partial index: the packages long gone home are never touched. Each
 * package's warehouse terms are joined laterally, so PostgreSQL looks them up once per origin country, not once or
 * twice per package.
 */
function lockerFigures(db: Executor, userId: number, now: Date) {
  const terms = db
    .select({ freeDays: hosts.freeStorageDays })
    .from(hosts)
    .where(hostOfOrigin(packages.origin))
    .orderBy(asc(hosts.id))
    .limit(1)
    .as('terms');
  const freeUntil = sql`(${packages.receivedDate} + coalesce(${terms.freeDays}, ${sql.raw(String(DEFAULT_FREE_STORAGE_DAYS))}) * interval '1 day')`;
  return db
    .select({ waiting: sql<number>`count(*)`.mapWith(Number), ...storageFigures(now, STORAGE_WARNING_DAYS, freeUntil) })
    .from(packages)
    .leftJoinLateral(terms, sql`true`)
    .where(and(eq(packages.userId, userId), waitingInLocker(packages)));
}

/**
 * The packages received in the two months (a split's parcels are not parcels received: the one split counts once),
 * and whether any was ever received: a range of the (user, received date) index and one probe of it, however many
 * packages the customer's years hold.
 */
function receivedFigures(db: Executor, userId: number, months: Months) {
  return db
    .select({
      ...monthCounts(packages.receivedDate, months),
      // Any package at all: a split's parcels come from one received. Asked in the index's order, so the index answers.
      ever: sql<boolean>`exists (select 1 from ${packages} where ${eq(packages.userId, userId)} order by ${packages.receivedDate} limit 1)`,
    })
    .from(packages)
    .where(and(eq(packages.userId, userId), gte(packages.receivedDate, months.lastMonth), isNull(packages.splitFromId)));
}

/** The customer's shipments: consolidations in progress and sent, and those created / sent in the two months. */
function shipmentFigures(db: Executor, userId: number, months: Months) {
  const consolidation = eq(shipments.isConsolidated, true);
  const sent = inArray(shipments.shipmentStatus, [...SENT_STATUSES]);
  const created = monthCounts(shipments.createdAt, months, consolidation);
  const ordered = monthCounts(shipments.orderDate, months, sent);
  return db
    .select({
      inProgress: countWhere(and(consolidation, eq(shipments.shipmentStatus, 'Pending'))),
      sent: countWhere(sent),
      createdThisMonth: created.thisMonth,
      createdLastMonth: created.lastMonth,
      sentThisMonth: ordered.thisMonth,
      sentLastMonth: ordered.lastMonth,
    })
    .from(shipments)
    .where(eq(shipments.userId, userId));
}

function photoRequestFigures(db: Executor, userId: number, months: Months) {
  return db
    .select({ total: sql<number>`count(*)`.mapWith(Number), ...monthCounts(photoRequests.requestedDate, months) })
    .from(photoRequests)
    .where(eq(photoRequests.userId, userId));
}

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

/**
 * The dashboard's figures (and the account balance, one row by its key): one query per table, each reading only the customer's rows through its
 * user index and counting every figure of that table at once (`count(*) filter`); run side by side.
 */
export async function dashboardCounts(db: Executor, userId: number, now: Date) {
  const months = monthStarts(now);
  const [[p], [received], [s], [photos], ready, wallet] = await Promise.all([
    lockerFigures(db, userId, now),
    receivedFigures(db, userId, months),
    shipmentFigures(db, userId, months),
    photoRequestFigures(db, userId, months),
    readyToPay(db, userId),
    balanceOf(db, userId),
  ]);
  return {
    receivedPackages: p?.waiting ?? 0,
    shipmentsInProgress: s?.inProgress ?? 0,
    sentShipments: s?.sent ?? 0,
    photoRequests: photos?.total ?? 0,
    readyToPay: ready[0]?.n ?? 0,
    readyToPayShipmentId: ready[0]?.shipmentId ?? null,
    accountBalance: toMajor(wallet.balanceMinor),
    hasReceivedPackage: received?.ever ?? false,
    storage: { endingSoon: p?.endingSoon ?? 0, accruing: p?.accruing ?? 0, withinDays: STORAGE_WARNING_DAYS },
    trends: {
      receivedPackages: { thisMonth: received?.thisMonth ?? 0, lastMonth: received?.lastMonth ?? 0 },
      shipmentsInProgress: { thisMonth: s?.createdThisMonth ?? 0, lastMonth: s?.createdLastMonth ?? 0 },
      sentShipments: { thisMonth: s?.sentThisMonth ?? 0, lastMonth: s?.sentLastMonth ?? 0 },
      photoRequests: { thisMonth: photos?.thisMonth ?? 0, lastMonth: photos?.lastMonth ?? 0 },
    },
  };
}
