import type { StaffShipmentFilter } from '@hopbox/contracts/shipments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface StaffShipmentsParams {
  status: StaffShipmentFilter;
  page: number;
  pageSize: number;
}

/** GET /api/staff/shipments?status=…: one page, newest first; the previous page stays while the next loads. */
export function useStaffShipmentsPage(params: StaffShipmentsParams) {
  return useQuery({
    queryKey: [...staffKeys.shipments, params],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/shipments', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/staff/shipments?status=consolidating: every open consolidation at once (up to 500, decision 075), for the
 * Consolidations page's views and their counts; `total` says how many there are when that is more.
 */
export function useOpenConsolidations() {
  return useQuery({
    queryKey: [...staffKeys.shipments, 'consolidating'],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/shipments', { params: { query: { status: 'consolidating' } }, signal })),
  });
}
