import { z } from 'zod';

/** Whole-number counts, one per name, in the order given: the figures of a stats card or a summary. */
export function countsSchema<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.number().int()])) as Record<K, z.ZodNumber>);
}
