import type { StaffShipmentFilter } from '@hopbox/contracts/staff-shipments';
import { groupThousands } from '@hopbox/contracts/written-format';
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
 * How many shipments a list holds (up to LIST_COUNT_CAP, then `capped`), read with a page of one row: for the view
 * buttons' counts and the console overview's tiles.
 */
export function useStaffShipmentsCount(status: StaffShipmentFilter) {
  return useQuery({
    queryKey: [...staffKeys.shipments, 'count', status],
    queryFn: async ({ signal }) => {
      const page = await answer(api.GET('/api/staff/shipments', { params: { query: { status, page: 1, pageSize: 1 } }, signal }));
      return { total: page.total, capped: page.totalCapped === true };
    },
  });
}

/** A count as the console shows it: "10,000+" past the cap. */
export const countText = (count: { total: number; capped: boolean }) => `${groupThousands(String(count.total))}${count.capped ? '+' : ''}`;
