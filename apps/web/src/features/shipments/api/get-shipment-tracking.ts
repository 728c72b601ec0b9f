import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/{id}/tracking: the customer's timeline of one sent shipment, newest event first. */
export function useShipmentTracking(id: number) {
  return useQuery({
    queryKey: shipmentKeys.tracking(id),
    queryFn: async ({ signal }) => (await answer(api.GET('/api/user/shipments/{id}/tracking', { params: { path: { id } }, signal }))).data,
  });
}
