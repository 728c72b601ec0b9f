import { type Column, ilike, or, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * A contains-search pattern: LIKE's wildcards escaped, so a search for "50%" means the text, and control
 * characters dropped (nobody types them, and the indexed search texts join fields with one; decision 022).
 */
export function containsPattern(q: string) {
  return `%${q.replace(/\p{Cc}/gu, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when any of the columns contains the pattern (a `containsPattern`, or a placeholder for one). */
export const anyContains = (pattern: string | Placeholder, ...columns: Column[]): SQL | undefined =>
  or(...columns.map((column) => ilike(column, pattern)));
