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

/** A long date such as "23 November 2025". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}
