/**
 * Storage time (issue "Declare, insure"): each warehouse keeps a package free for some days from its
 * receivedDate, then charges a fee per package for each day started after them. Zod-free so lists can
 * read it without loading a schema library.
 */

import { timesMoney } from './money.ts';

export const DAY_MS = 86_400_000;
export const DEFAULT_FREE_STORAGE_DAYS = 45;
/** AED per package per started day after the free days. */
export const DEFAULT_STORAGE_FEE_PER_DAY = 2;
/** Received Packages turns the countdown amber this many days before the free days end. */
export const STORAGE_WARNING_DAYS = 7;
/** The reminder mails go this many days before free storage ends, the earlier one first. */
export const STORAGE_REMINDER_DAYS = [7, 2] as const;
export const MAX_FREE_STORAGE_DAYS = 365;
export const MAX_STORAGE_FEE_PER_DAY = 1000;

export interface StorageTerms {
  freeDays: number;
  feePerDay: number;
}

export interface Storage {
  /** When the free storage ends (ISO date and time). */
  freeUntil: string;
  /** Whole days of free storage left, counting a started day as a day; 0 once it has ended. */
  daysLeft: number;
  /** Fees accrued so far, in AED: each started day after freeUntil times the daily fee. */
  feeAccrued: number;
}

export const freeUntilOf = (receivedDate: Date | string, freeDays: number) =>
  new Date(new Date(receivedDate).getTime() + freeDays * DAY_MS);

/** Days started after the free storage ended, up to `at`. */
export function feeDaysAt(receivedDate: Date | string, terms: StorageTerms, at: Date): number {
  const over = at.getTime() - freeUntilOf(receivedDate, terms.freeDays).getTime();
  return over > 0 ? Math.ceil(over / DAY_MS) : 0;
}

/**
 * A package's storage at `now`. Once a payment settled it (`settled`), the fee is what was charged and the
 * clock stops at the payment.
 */
export function storageOf(
  receivedDate: Date | string,
  terms: StorageTerms,
  now: Date,
  settled?: { at: Date; fee: number } | null,
): Storage {
  const freeUntil = freeUntilOf(receivedDate, terms.freeDays);
  const at = settled ? settled.at : now;
  const left = freeUntil.getTime() - at.getTime();
  return {
    freeUntil: freeUntil.toISOString(),
    daysLeft: left > 0 ? Math.ceil(left / DAY_MS) : 0,
    feeAccrued: settled ? settled.fee : timesMoney(terms.feePerDay, feeDaysAt(receivedDate, terms, now)),
  };
}

export type StorageTone = 'neutral' | 'warning' | 'accruing';

/** Neutral, amber in the last STORAGE_WARNING_DAYS days, red once fees accrue. */
export function storageTone(storage: Storage): StorageTone {
  if (storage.feeAccrued > 0 || storage.daysLeft === 0) return 'accruing';
  return storage.daysLeft <= STORAGE_WARNING_DAYS ? 'warning' : 'neutral';
}
