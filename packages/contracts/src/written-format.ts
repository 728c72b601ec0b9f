/**
 * Dates and numbers in the product's one English format, written from their parts rather than by `Intl`: a page's
 * first `Intl` formatter loads the browser's locale data, 40 ms of the main thread on a fast machine and four times
 * that on a mid-range phone, in the middle of the first render of every list with a date (decision 083). The day
 * is written as the mails and PDFs write it with `en-GB` ("3 Sept 2026", "23 November 2025"), and numbers with
 * en-US's grouping as amounts are ("1,234.5"), whatever the reader's language: the product speaks English only.
 */

const MONTHS = 'January February March April May June July August September October November December'.split(' ');
/** en-GB's short month: the first three letters, four for September ("Sept"), as `Intl` writes them in the mails. */
const shortMonth = (name: string) => name.slice(0, name === 'September' ? 4 : 3);

/**
 * "3 Sept 2026" (`short`) or "3 September 2026" (`long`): the day of a moment on the reader's calendar (`local`), or
 * in UTC (`utc`, for a bare day such as "2026-12-01", which is midnight UTC and would show the day before west of it).
 */
export function dayMonthYear(date: Date, month: 'short' | 'long', zone: 'local' | 'utc'): string {
  const utc = zone === 'utc';
  const day = utc ? date.getUTCDate() : date.getDate();
  const monthIndex = utc ? date.getUTCMonth() : date.getMonth();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const name = MONTHS[monthIndex] as string;
  return `${day} ${month === 'long' ? name : shortMonth(name)} ${year}`;
}

/** "1234567" → "1,234,567": thousands separated by commas. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A number with at most `maxDecimals` decimals, trailing zeros dropped, thousands grouped: 1234.5 → "1,234.5",
 * 2.0004 (3 decimals) → "2", 1.005 (2 decimals) → "1.01" (halves away from zero, on the number as written, not
 * the float's binary noise). Rounding to zero never shows a minus sign.
 */
export function decimalText(value: number, maxDecimals: number): string {
  if (!Number.isFinite(value)) return String(value);
  const scale = 10 ** maxDecimals;
  // 15 significant digits are the number as it was written: 1.005 * 100 is 100.49999999999999 in binary.
  const scaled = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  if (scaled === 0) return '0';
  const whole = Math.floor(scaled / scale);
  const decimals =
    maxDecimals > 0
      ? String(scaled % scale)
          .padStart(maxDecimals, '0')
          .replace(/0+$/, '')
      : '';
  return `${value < 0 ? '-' : ''}${groupThousands(String(whole))}${decimals ? `.${decimals}` : ''}`;
}

/** The zone a reader's clock is in, by its offset from Greenwich: "GMT", "GMT+4", "GMT-5", "GMT+5:30". */
export function zoneOffsetName(minutesEastOfGreenwich: number): string {
  if (minutesEastOfGreenwich === 0) return 'GMT';
  const size = Math.abs(minutesEastOfGreenwich);
  const minutes = size % 60;
  return `GMT${minutesEastOfGreenwich > 0 ? '+' : '-'}${Math.floor(size / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/**
 * "24 Nov 2026, 14:05 GMT+4": a moment on the reader's clock (24-hour, as the mails write it), naming the zone by
 * its offset, which says the same thing without the locale data a zone's abbreviation comes from.
 */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  // getTimezoneOffset counts minutes behind Greenwich: -240 in Dubai.
  const zone = zoneOffsetName(-date.getTimezoneOffset());
  return `${dayMonthYear(date, 'short', 'local')}, ${pad(date.getHours())}:${pad(date.getMinutes())} ${zone}`;
}
