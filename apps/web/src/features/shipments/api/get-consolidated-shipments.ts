import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/consolidated: Shipments Progress, SPEC.md's snake_case rows. */
export function useConsolidatedShipments() {
  return useQuery({
    queryKey: shipmentKeys.consolidated,
    queryFn: async () => (await api.get<DataEnvelope<ConsolidatedShipment[]>>('/api/user/shipments/consolidated')).data,
  });
}
