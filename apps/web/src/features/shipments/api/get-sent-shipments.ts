import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/sent: paid shipments, newest order first. */
export const sentShipmentsQuery = queryOptions({
  queryKey: shipmentKeys.sent,
  queryFn: async () => (await answer(api.GET('/api/user/shipments/sent'))).data,
});

export function useSentShipments() {
  return useQuery(sentShipmentsQuery);
}
