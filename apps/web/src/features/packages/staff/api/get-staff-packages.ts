import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface StaffPackagesParams {
  page: number;
  pageSize: number;
  /** Hopbox ID, tracking number, locker or customer. */
  q: string;
  lockerNumber: string;
}

export type StaffPackagesPage = Answer<'/api/staff/packages', 'get'>;

/** GET /api/staff/packages: one page across every locker; the previous page stays while the next loads. */
export function useStaffPackages(params: StaffPackagesParams) {
  return useQuery({
    queryKey: [...staffKeys.packages, params],
    queryFn: ({ signal }) => {
      const query = {
        page: params.page,
        pageSize: params.pageSize,
        q: params.q || undefined,
        lockerNumber: params.lockerNumber || undefined,
      };
      return answer(api.GET('/api/staff/packages', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}
