import type { AirwayBill } from '@hopbox/contracts/shipments';
import { answer } from '@/lib/api-client';
import { carrierApi } from '../../api/carrier-api';

/**
 * POST /api/staff/shipments/{id}/airway-bill: books a paid shipment with the carrier and moves a
 * Finalized one to Processed. Booking again answers the same AWB.
 */
export async function bookShipment(id: number): Promise<AirwayBill> {
  return (await answer(carrierApi.POST('/api/staff/shipments/{id}/airway-bill', { params: { path: { id } } }))).data;
}
