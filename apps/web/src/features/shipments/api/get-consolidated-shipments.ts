import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/consolidated: Shipments Progress, SPEC.md's snake_case rows. */
export const consolidatedShipmentsQuery = queryOptions({
  queryKey: shipmentKeys.consolidated,
  queryFn: async () => (await answer(api.GET('/api/user/shipments/consolidated'))).data,
});

export function useConsolidatedShipments() {
  return useQuery(consolidatedShipmentsQuery);
}
