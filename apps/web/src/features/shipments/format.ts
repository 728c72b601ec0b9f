/** "123.45 AED". */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'N/A';
  return `${amount.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** "2.5 kg"; up to three decimals, as weights are kept. */
export function formatWeight(kg: number | null | undefined): string {
  if (kg === null || kg === undefined || !Number.isFinite(kg)) return 'N/A';
  return `${kg.toLocaleString(undefined, { maximumFractionDigits: 3 })} kg`;
}

/** "30 × 20 × 10 cm". */
export function formatDimensions(length: number, breadth: number, height: number): string {
  const n = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 2 });
  return `${n(length)} × ${n(breadth)} × ${n(height)} cm`;
}

/** A short date for table cells, "23 Nov 2025"; 'N/A' when missing. */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Date and time for details, "23 Nov 2025, 14:05". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** SPEC.md keeps a shipment's packages as a JSON text list of ids; anything unreadable becomes no ids. */
export function parsePackageIds(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map((v) => String(v)) : [];
  } catch {
    return [];
  }
}
