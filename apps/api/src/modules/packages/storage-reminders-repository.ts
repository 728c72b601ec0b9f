import { STORAGE_REMINDER_DAYS } from '@hopbox/contracts/storage';
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { packages, shipments, waitingInLocker } from '../../db/schema.ts';
import { packageColumns } from './packages-repository.ts';

const [FIRST_REMINDER_DAYS, LAST_REMINDER_DAYS] = STORAGE_REMINDER_DAYS;

/** A time given by the app's clock, as a query parameter (never the database's now(), so tests can set it). */
export const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** `at` plus whole days. */
export const daysAfter = (time: Date, days: number) => sql`(${at(time)} + ${sql.raw(String(days))} * interval '1 day')`;

/**
 * When the package's free storage ends: its receivedDate plus the free days of its warehouse (the
 * same terms every package answer reads), as a SQL expression over a statement on `packages`.
 */
export const freeUntilSql: SQL = sql`(${packages.receivedDate} + ${packageColumns.freeDays} * interval '1 day')`;

/** Its storage still counts: not settled by a payment. */
const unsettled = isNull(packages.storageSettledAt);

/** In the locker, or in a consolidation not paid yet: storage still runs for these (issue "Declare, insure"). */
const waitingToShip = or(
  waitingInLocker(packages),
  inArray(
    packages.shipmentId,
    sql`(select ${shipments.id} from ${shipments} where ${shipments.isConsolidated} and ${shipments.paymentStatus} = 'Unpaid')`,
  ),
);

/** A package claimed for a reminder, with what the mail says of it. */
export interface ClaimedReminder {
  userId: number;
  hopboxId: string;
  packageContent: string;
  freeUntil: Date;
  feePerDay: number;
  /** The reminder claimed: 7 or 2 days before free storage ends. */
  reminder: number;
}

/**
 * Marks the packages due a reminder at `now` and answers them, in one statement: a package whose free
 * storage ends within 7 days and had no reminder is marked 7; one within 2 days and not yet marked 2 is
 * marked 2 (so a package first seen inside 2 days gets only that one). The WHERE re-reads the mark under
 * the row lock, so two runners at once claim each reminder once; a claimed reminder is never claimed again.
 */
export async function claimStorageReminders(db: Executor, now: Date): Promise<ClaimedReminder[]> {
  const freeUntil = freeUntilSql;
  const lastDue = sql`${freeUntil} <= ${daysAfter(now, LAST_REMINDER_DAYS)}`;
  const firstDue = and(sql`${freeUntil} <= ${daysAfter(now, FIRST_REMINDER_DAYS)}`, eq(packages.storageReminder, 0));
  const notYetLast = sql`${packages.storageReminder} <> ${LAST_REMINDER_DAYS}`;
  const rows = await db
    .update(packages)
    .set({
      storageReminder: sql`case when ${lastDue} then ${sql.raw(String(LAST_REMINDER_DAYS))} else ${sql.raw(String(FIRST_REMINDER_DAYS))} end`,
    })
    // An unidentified parcel has nobody to remind.
    .where(
      and(isNotNull(packages.userId), unsettled, waitingToShip, sql`${freeUntil} > ${at(now)}`, or(and(lastDue, notYetLast), firstDue)),
    )
    .returning({
      userId: sql<number>`${packages.userId}`,
      hopboxId: packages.hopboxId,
      packageContent: packages.packageContent,
      freeUntil: sql<string>`${freeUntil}`,
      feePerDay: packageColumns.feePerDay,
      reminder: packages.storageReminder,
    });
  return rows
    .map((r) => ({ ...r, freeUntil: new Date(r.freeUntil), feePerDay: Number(r.feePerDay) }))
    .sort((a, b) => a.freeUntil.getTime() - b.freeUntil.getTime() || a.hopboxId.localeCompare(b.hopboxId));
}

/**
 * The customer's locker packages whose free storage ends within STORAGE_WARNING_DAYS, and those whose free
 * storage has ended (fees accruing): two figures of the dashboard's packages query.
 */
export function storageFigures(now: Date, warningDays: number, freeUntil: SQL = freeUntilSql) {
  const locker = and(waitingInLocker(packages), unsettled);
  return {
    endingSoon:
      sql<number>`count(*) filter (where ${and(locker, sql`${freeUntil} > ${at(now)} and ${freeUntil} <= ${daysAfter(now, warningDays)}`)})`.mapWith(
        Number,
      ),
    accruing: sql<number>`count(*) filter (where ${and(locker, sql`${freeUntil} <= ${at(now)}`)})`.mapWith(Number),
  };
}
