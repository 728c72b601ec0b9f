import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/{id}/refunds: money given back from the customer's payments for one sent shipment. */
export function useShipmentRefunds(id: number) {
  return useQuery({
    queryKey: shipmentKeys.refunds(id),
    queryFn: async ({ signal }) => (await answer(api.GET('/api/user/shipments/{id}/refunds', { params: { path: { id } }, signal }))).data,
  });
}
