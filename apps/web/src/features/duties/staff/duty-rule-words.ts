import { formatMoney } from '@hopbox/contracts/money';

/** A rate as the table shows it: "5%", "12.5%". */
export const percentText = (rate: number) => `${rate}%`;

/** A threshold in the rule's currency; 0 means every import pays, which the table says as "None". */
export const thresholdText = (amount: number, currency: string) => (amount > 0 ? formatMoney(amount, currency) : 'None');

/** Under a rate in the table: "Free up to 1,000.00 AED", or "On every import" for a threshold of 0. */
export const freeUpToText = (amount: number, currency: string) =>
  amount > 0 ? `Free up to ${formatMoney(amount, currency)}` : 'On every import';

/** The exempt chapters, "30, 49", or "None". */
export const chaptersText = (chapters: readonly string[]) => (chapters.length ? chapters.join(', ') : 'None');

/** The chapters with their own rate, in chapter order: "22: 50% · 24: 100%", or "None". */
export function chapterRatesText(rates: Record<string, number>): string {
  const entries = Object.entries(rates).sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? entries.map(([chapter, rate]) => `${chapter}: ${percentText(rate)}`).join(' · ') : 'None';
}
