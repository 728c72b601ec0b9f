import { dayMonthYear, decimalText, localDateTime } from '@hopbox/contracts/written-format';

/** SPEC.md: 'N/A' where a value is missing. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  const text = String(value).trim();
  return text ? text : 'N/A';
}

/** "male" → "Male"; missing → 'N/A'. */
export function capitalize(value: string | null | undefined): string {
  const text = orNA(value);
  return text === 'N/A' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** Up to two initials for an avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

/** A long date such as "23 November 2025", on the reader's calendar. */
export function formatDate(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? dayMonthYear(date, 'long', 'local') : 'N/A';
}

/** "IN_PROGRESS" → "In Progress". */
export function enumLabel(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** "1.2 kg", "1,250 kg": up to three decimals, grouped as amounts are (decision 083). */
export function formatKg(value: number): string {
  return `${decimalText(value, 3)} kg`;
}

/** "35 × 25 × 14 cm" (length × breadth × height), up to two decimals each. */
export function formatDimensions(length: number, breadth: number, height: number): string {
  return `${decimalText(length, 2)} × ${decimalText(breadth, 2)} × ${decimalText(height, 2)} cm`;
}

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day with no time ("2026-12-01", an expected date): the calendar day itself, wherever the reader is. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "21 Nov 2026". A moment is shown on the reader's calendar; a bare day is read as midnight UTC, so it is shown
 * in UTC too: a customer west of Greenwich would otherwise see the day before.
 */
export function formatShortDate(iso: string | null | undefined): string {
  const date = validDate(iso);
  if (!date) return 'N/A';
  return dayMonthYear(date, 'short', CALENDAR_DAY.test(iso ?? '') ? 'utc' : 'local');
}

/** "21 Nov 2026, 11:36 GMT+4": a time of day always says its zone (decisions 032 and 083), the reader's own. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? localDateTime(date) : 'N/A';
}

/** "Price held until 21 Nov 2026, 11:36 GMT+4": until when checkout charges a price as shown (decision 054), in the browser's zone. */
export function priceHeldUntil(iso: string): string {
  return `Price held until ${formatDateTime(iso)}`;
}

const DAY = 24 * 3600;
/** Each unit, its length in seconds, and from when on it is used ("10 days ago" rather than "1 week ago"). */
const UNITS: [string, number, number][] = [
  ['year', 365 * DAY, 365 * DAY],
  ['month', 30 * DAY, 60 * DAY],
  ['week', 7 * DAY, 14 * DAY],
  ['day', DAY, DAY],
  ['hour', 3600, 3600],
  ['minute', 60, 60],
];

/** "3 days ago", "in 2 hours", "just now": how long a request has waited; in English, without `Intl` (decision 083). */
export function relativeAge(iso: string | null | undefined, now: number = Date.now()): string {
  const date = validDate(iso);
  if (!date) return 'N/A';
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size, from] of UNITS) {
    if (Math.abs(seconds) < from) continue;
    const count = Math.trunc(Math.abs(seconds) / size);
    const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
    return seconds < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return 'just now';
}

/** A `datetime-local` input's value for a moment, in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** SPEC.md keeps a shipment's packages as a JSON text list of Hopbox IDs; anything unreadable becomes no ids. */
export function packageIdsOf(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** "2.4 MB", "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** SPEC.md section 9: sizes in KB with 2 decimals, e.g. "12.34 KB". */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** "2.5 kg"; up to three decimals, as weights are kept; 'N/A' when unknown. */
export function formatWeight(kg: number | null | undefined): string {
  if (kg === null || kg === undefined || !Number.isFinite(kg)) return 'N/A';
  return formatKg(kg);
}

/** An address's city line, "Dubai, Dubai 00000": the parts it has, in the order a postal label writes them. */
export function formatCityLine(address: { city: string; state: string | null; postalCode: string | null }): string {
  const statePostal = [address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.city, statePostal].filter(Boolean).join(', ');
}
