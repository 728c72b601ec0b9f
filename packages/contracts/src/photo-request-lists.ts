import { z } from 'zod';
import { pageOf, pageWindowQuerySchema } from './pages.ts';
import { photoRequestSchema, photoStatusSchema } from './photo-requests.ts';

// The API's list schemas only: kept apart from photo-requests.ts, which pages with a photo picker load.

/**
 * The customer's list (GET /api/user/photo-requests): one status, a search of the Hopbox ID, shipper, content,
 * order reference and notes, and the page (decision 078).
 */
export const photoRequestsQuerySchema = pageWindowQuerySchema.extend({
  status: photoStatusSchema.optional(),
  q: z.string().trim().max(100).optional(),
});

/**
 * Asked with `page` or `pageSize`: that page of the list and its count. Asked without (SPEC.md's client, which pages
 * the list itself): its newest LIST_MAX_ROWS, under `photoRequests` as well.
 */
export const photoRequestsPageSchema = pageOf(photoRequestSchema).extend({ photoRequests: z.array(photoRequestSchema).optional() });
export type PhotoRequestsPage = z.infer<typeof photoRequestsPageSchema>;
