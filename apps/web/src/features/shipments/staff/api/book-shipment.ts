import type { AirwayBill } from '@hopbox/contracts/shipments';
import { answer, api } from '@/lib/api-client';

/**
 * POST /api/staff/shipments/{id}/airway-bill: books a paid shipment with the carrier and moves a
 * Finalized one to Processed. Booking again answers the same AWB.
 */
export async function bookShipment(id: number): Promise<AirwayBill> {
  return (await answer(api.POST('/api/staff/shipments/{id}/airway-bill', { params: { path: { id } } }))).data;
}
