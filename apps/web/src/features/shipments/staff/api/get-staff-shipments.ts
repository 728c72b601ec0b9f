import { useQuery } from '@tanstack/react-query';
import { answer, api, type Query } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** The server's filters: open consolidations, paid and not yet shipped, everything, or one shipment status. */
export type StaffShipmentFilter = NonNullable<Query<'/api/staff/shipments', 'get'>['status']>;

/** GET /api/staff/shipments?status=…, newest first. */
export function useStaffShipments(status: StaffShipmentFilter) {
  return useQuery({
    queryKey: [...staffKeys.shipments, status],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/staff/shipments', { params: { query: { status } }, signal }))).data,
  });
}
