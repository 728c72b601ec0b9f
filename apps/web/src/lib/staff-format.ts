import type { PackageCondition } from '@hopbox/contracts/packages';
import type { PhotoRequestPriority, PhotoRequestStatus, PhotoRequestType } from '@hopbox/contracts/photo-requests';
import type { BadgeTone } from '@/components/badge';

/** SPEC.md section 4: priority colours grey, blue, orange, red. */
export const PRIORITY_TONES: Record<PhotoRequestPriority, BadgeTone> = { LOW: 'gray', MEDIUM: 'blue', HIGH: 'orange', URGENT: 'red' };

/** SPEC.md section 4: status colours yellow, blue, green, red, grey. */
export const PHOTO_STATUS_TONES: Record<PhotoRequestStatus, BadgeTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

export const REQUEST_TYPE_LABELS: Record<PhotoRequestType, string> = {
  PACKAGE_PHOTO: 'Package photo',
  DAMAGE_PHOTO: 'Damage photo',
  CUSTOM_PHOTO: 'Custom photo',
};

/** "IN_PROGRESS" → "In Progress". */
export function enumLabel(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const CONDITION_TONES: Record<PackageCondition, BadgeTone> = { 'Not damaged': 'green', Damaged: 'orange', 'Prohibited Item': 'red' };

export function conditionTone(condition: string): BadgeTone {
  return CONDITION_TONES[condition as PackageCondition] ?? 'gray';
}

const SHIPMENT_TONES: Record<string, BadgeTone> = {
  Pending: 'yellow',
  Finalized: 'accent',
  Processed: 'blue',
  Shipped: 'orange',
  Delivered: 'green',
};

export function shipmentStatusTone(status: string): BadgeTone {
  return SHIPMENT_TONES[status] ?? 'gray';
}

const CONSOLIDATION_TONES: Record<string, BadgeTone> = { Pending: 'yellow', 'In Progress': 'blue', Completed: 'green' };

export function consolidationTone(status: string | null): BadgeTone {
  return (status && CONSOLIDATION_TONES[status]) || 'gray';
}

const number = (value: number, digits = 2) => value.toLocaleString(undefined, { maximumFractionDigits: digits });

/** "1.2 kg". */
export function formatKg(value: number): string {
  return `${number(value, 3)} kg`;
}

/** "35 × 25 × 14 cm" (length × breadth × height). */
export function formatDimensions(length: number, breadth: number, height: number): string {
  return `${number(length)} × ${number(breadth)} × ${number(height)} cm`;
}

/** "USD 45.00". */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 Nov 2026". */
export function formatShortDate(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : 'N/A';
}

/** "21 Nov 2026, 11:36". */
export function formatDateTime(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date
    ? date.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    : 'N/A';
}

const DAY = 24 * 3600;
/** Each unit, its length in seconds, and from when on it is used ("10 days ago" rather than "1 week ago"). */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['year', 365 * DAY, 365 * DAY],
  ['month', 30 * DAY, 60 * DAY],
  ['week', 7 * DAY, 14 * DAY],
  ['day', DAY, DAY],
  ['hour', 3600, 3600],
  ['minute', 60, 60],
];

/** "3 days ago", "just now": how long a request has waited. */
export function relativeAge(iso: string | null | undefined, now: number = Date.now()): string {
  const date = validDate(iso);
  if (!date) return 'N/A';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'always' });
  for (const [unit, size, from] of UNITS) {
    if (Math.abs(seconds) >= from) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A `datetime-local` input's value for a moment, in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** SPEC.md keeps a shipment's packages as a JSON text list of Hopbox IDs. */
export function packageIdsOf(json: string): string[] {
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
