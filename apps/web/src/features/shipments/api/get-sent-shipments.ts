import type { SentShipment } from '@hopbox/contracts/shipments';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

/** GET /api/user/shipments/sent: paid shipments, newest order first. */
export function useSentShipments() {
  return useQuery({
    queryKey: shipmentKeys.sent,
    queryFn: async () => (await api.get<DataEnvelope<SentShipment[]>>('/api/user/shipments/sent')).data,
  });
}
