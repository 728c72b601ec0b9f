import { z } from 'zod';
import { SHIPMENT_STATUSES } from './lifecycles.ts';
import { pageOf, pageQuerySchema, pageSizeQuerySchema } from './pages.ts';
import { staffShipmentSchema } from './shipments.ts';

// The console's lists only: kept apart from shipments.ts, which the customer's pages load.

/**
 * The warehouse's shipment lists (GET /api/staff/shipments): open consolidations (all of them, those still to pack,
 * those packed and waiting for the customer to pay), paid and not yet shipped, every paid shipment (Dispatch's
 * "All"), everything, or one shipment status.
 */
export const STAFF_SHIPMENT_FILTERS = [
  'consolidating',
  'to-pack',
  'packed',
  'awaiting-dispatch',
  'paid',
  'all',
  ...SHIPMENT_STATUSES,
] as const;
export type StaffShipmentFilter = (typeof STAFF_SHIPMENT_FILTERS)[number];

/** A page of the warehouse's shipment lists, unless the query asks another size. */
export const STAFF_SHIPMENTS_PAGE_SIZE = 20;

/** GET /api/staff/shipments: one list, newest first, a page at a time (decision 075). */
export const staffShipmentsQuerySchema = z.object({
  status: z.enum(STAFF_SHIPMENT_FILTERS, { error: `Status must be one of: ${STAFF_SHIPMENT_FILTERS.join(', ')}` }).default('all'),
  page: pageQuerySchema.default(1),
  pageSize: pageSizeQuerySchema.default(STAFF_SHIPMENTS_PAGE_SIZE),
});

export const staffShipmentsPageSchema = pageOf(staffShipmentSchema);
export type StaffShipmentsPage = z.infer<typeof staffShipmentsPageSchema>;
