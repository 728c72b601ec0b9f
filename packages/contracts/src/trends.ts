// No zod here: the dashboard page reads these rules, and its bundle loads no schema library for them.

/** One card's counts: this calendar month and the one before (UTC). */
export interface MonthCounts {
  thisMonth: number;
  lastMonth: number;
}

/** What a card says about its month: nothing, "N new this month", or the change in units (not percent). */
export type TrendLine = { kind: 'none' } | { kind: 'new'; count: number } | { kind: 'change'; delta: number };

/**
 * Decision 031. Nothing in either month: no trend (a new account shows none). Nothing last month:
 * no percent of zero, the month's count as new. Otherwise the difference in units, which stays
 * readable for the small numbers of one customer (+1 on 2 would be "+50%").
 */
export function trendLine({ thisMonth, lastMonth }: MonthCounts): TrendLine {
  if (thisMonth === 0 && lastMonth === 0) return { kind: 'none' };
  if (lastMonth === 0) return { kind: 'new', count: thisMonth };
  return { kind: 'change', delta: thisMonth - lastMonth };
}

/** The first instants (UTC) of this calendar month and the one before, for `now`. */
export function monthStarts(now: Date): { thisMonth: Date; lastMonth: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { thisMonth: new Date(Date.UTC(year, month, 1)), lastMonth: new Date(Date.UTC(year, month - 1, 1)) };
}
