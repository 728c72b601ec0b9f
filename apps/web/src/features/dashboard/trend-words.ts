import type { TrendLine } from '@hopbox/contracts/trends';

/** A card's trend in words: the figure to stress, and the rest of the phrase; null for no trend. */
export function trendWords(line: TrendLine): { strong: string; rest: string } | null {
  if (line.kind === 'none') return null;
  if (line.kind === 'new') return { strong: `${line.count} new`, rest: 'this month' };
  if (line.delta === 0) return { strong: 'Same', rest: 'as last month' };
  return { strong: `${line.delta > 0 ? '+' : '−'}${Math.abs(line.delta)}`, rest: 'vs last month' };
}

/** The two months' figures, for a tooltip: "3 this month, 1 last month". */
export const trendDetail = ({ thisMonth, lastMonth }: { thisMonth: number; lastMonth: number }) =>
  `${thisMonth} this month, ${lastMonth} last month`;
