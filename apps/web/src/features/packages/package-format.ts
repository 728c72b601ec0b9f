import type { PackageCondition } from '@hopbox/contracts/packages';
import type { BadgeTone } from '@/components/badge';

/** SPEC.md section 4 colours of a package's condition. */
export const CONDITION_TONES: Record<PackageCondition, BadgeTone> = {
  'Not damaged': 'green',
  Damaged: 'orange',
  'Prohibited Item': 'red',
};

export function conditionTone(condition: string): BadgeTone {
  return CONDITION_TONES[condition as PackageCondition] ?? 'gray';
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

/** "USD 45.00": the code rather than a symbol, since "$" is ambiguous for a forwarding business. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** "21 Nov 2026". */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "21 Nov 2026, 11:36". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
