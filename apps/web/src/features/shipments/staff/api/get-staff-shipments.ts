import type { StaffShipment } from '@hopbox/contracts/shipments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** The server's filters: open consolidations, paid and not yet shipped, everything, or one shipment status. */
export type StaffShipmentFilter =
  | 'consolidating'
  | 'awaiting-dispatch'
  | 'all'
  | 'Pending'
  | 'Finalized'
  | 'Processed'
  | 'Shipped'
  | 'Delivered';

/** GET /api/staff/shipments?status=…, newest first. */
export function useStaffShipments(status: StaffShipmentFilter) {
  return useQuery({
    queryKey: [...staffKeys.shipments, status],
    queryFn: async ({ signal }) =>
      (await api.get<{ success: true; data: StaffShipment[] }>(`/api/staff/shipments?status=${encodeURIComponent(status)}`, { signal }))
        .data,
  });
}
