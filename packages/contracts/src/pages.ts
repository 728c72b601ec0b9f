import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants.ts';

const PAGE_MAX = 1_000_000;
const PAGE_RULE = `page must be a whole number from 1 to ${PAGE_MAX}`;
const PAGE_SIZE_RULE = `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`;

/** The page a list query asks for, from 1. */
export const pageQuerySchema = z.coerce.number({ error: PAGE_RULE }).int(PAGE_RULE).min(1, PAGE_RULE).max(PAGE_MAX, PAGE_RULE);

/** A list query's page size: any whole number up to the maximum (the pager offers PAGE_SIZE_OPTIONS, other clients may ask 25 or 2). */
export const pageSizeQuerySchema = z.coerce
  .number({ error: PAGE_SIZE_RULE })
  .int(PAGE_SIZE_RULE)
  .min(1, PAGE_SIZE_RULE)
  .max(PAGE_SIZE_MAX, PAGE_SIZE_RULE);

/** A list's query of one page: which page, of what size (both optional). */
export const pageWindowQuerySchema = z.object({ page: pageQuerySchema.optional(), pageSize: pageSizeQuerySchema.optional() });

/**
 * Where a list that could hold millions of rows stops counting (issue "Speed at scale"): past it, the answer says
 * "at least this many" and the pager offers the pages up to it, and Next while a page is full.
 */
export const LIST_COUNT_CAP = 10_000;

/** One page of a list as answered: its items, how many there are in all, and which page of what size it is. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    /** True when the count stopped at LIST_COUNT_CAP: there are more than `total`. Absent where a list counts all. */
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
