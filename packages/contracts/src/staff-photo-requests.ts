import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeQuerySchema } from './pages.ts';
import { normalizePhotoStatus, PHOTO_REQUEST_PRIORITIES, PHOTO_REQUEST_TYPES } from './photo-request-statuses.ts';
import { PHOTO_STATUS_RULE, staffPhotoRequestSchema } from './photo-requests.ts';

// The console's queue only: kept apart from photo-requests.ts, which the customer's pages load.

/** A page of the warehouse's photo request queue, unless the query asks another size. */
export const STAFF_PHOTO_QUEUE_PAGE_SIZE = 20;

/** The queue's statuses: one, or several comma-separated, in any case; none is every status. */
const statusList = z
  .string()
  .max(200, PHOTO_STATUS_RULE)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const statuses = v.split(',').map((s) => normalizePhotoStatus(s));
    if (statuses.some((s) => !s)) {
      ctx.addIssue({ code: 'custom', message: PHOTO_STATUS_RULE });
      return z.NEVER;
    }
    return statuses as NonNullable<(typeof statuses)[number]>[];
  });

/**
 * GET /api/staff/photo-requests: the open requests most urgent and oldest first, then the closed ones newest first,
 * a page at a time (decision 077).
 */
export const staffPhotoQueueQuerySchema = z.object({
  status: statusList,
  priority: z.enum(PHOTO_REQUEST_PRIORITIES).optional(),
  requestType: z.enum(PHOTO_REQUEST_TYPES).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageQuerySchema.default(1),
  pageSize: pageSizeQuerySchema.default(STAFF_PHOTO_QUEUE_PAGE_SIZE),
});

export const staffPhotoQueuePageSchema = pageOf(staffPhotoRequestSchema);
export type StaffPhotoQueuePage = z.infer<typeof staffPhotoQueuePageSchema>;
