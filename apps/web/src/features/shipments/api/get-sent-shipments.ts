import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/sent: paid shipments, newest order first. */
export function useSentShipments() {
  return useQuery({
    queryKey: shipmentKeys.sent,
    queryFn: async () => (await answer(api.GET('/api/user/shipments/sent'))).data,
  });
}
