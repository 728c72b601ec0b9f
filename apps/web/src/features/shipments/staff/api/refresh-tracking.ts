import type { ShipmentTracking } from '@hopbox/contracts/shipments';
import { answer, api } from '@/lib/api-client';

/**
 * POST /api/staff/shipments/{id}/tracking/refresh: reads the carrier's tracking now; the shipment's
 * status follows it (Shipped at pick-up, Delivered at delivery). Answers the timeline, newest first.
 */
export async function refreshTracking(id: number): Promise<ShipmentTracking> {
  return (await answer(api.POST('/api/staff/shipments/{id}/tracking/refresh', { params: { path: { id } } }))).data;
}
