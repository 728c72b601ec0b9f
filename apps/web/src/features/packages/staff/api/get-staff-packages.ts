import type { StaffPackage } from '@hopbox/contracts/packages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface StaffPackagesParams {
  page: number;
  pageSize: number;
  /** Hopbox ID, tracking number, locker or customer. */
  q: string;
  lockerNumber: string;
}

export interface StaffPackagesPage {
  success: true;
  data: StaffPackage[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/staff/packages: one page across every locker; the previous page stays while the next loads. */
export function useStaffPackages(params: StaffPackagesParams) {
  return useQuery({
    queryKey: [...staffKeys.packages, params],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
      if (params.q) search.set('q', params.q);
      if (params.lockerNumber) search.set('lockerNumber', params.lockerNumber);
      return api.get<StaffPackagesPage>(`/api/staff/packages?${search}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
