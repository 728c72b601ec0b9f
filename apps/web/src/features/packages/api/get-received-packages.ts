import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export interface ReceivedPackagesParams {
  page: number;
  pageSize: number;
  /** Server-side search over Hopbox ID, shipper, content, origin and tracking number. */
  q: string;
}

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const packagesQueryKey = ['packages'] as const;

/**
 * GET /api/user/received-packages with page, pageSize and q: one page of the locker and the total.
 * The previous page stays on screen while the next one loads.
 */
export const receivedPackagesQuery = ({ page, pageSize, q }: ReceivedPackagesParams) =>
  queryOptions({
    queryKey: [...packagesQueryKey, 'received', { page, pageSize, q }],
    queryFn: ({ signal }) =>
      answer(api.GET('/api/user/received-packages', { params: { query: { page, pageSize, q: q || undefined } }, signal })),
  });

export function useReceivedPackages(params: ReceivedPackagesParams) {
  return useQuery({ ...receivedPackagesQuery(params), placeholderData: keepPreviousData });
}

/** GET /api/user/left-packages: one page of the packages that left the locker (returned, discarded, split), the latest first. */
export function useLeftPackages({ page, pageSize }: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...packagesQueryKey, 'left', { page, pageSize }],
    queryFn: ({ signal }) => answer(api.GET('/api/user/left-packages', { params: { query: { page, pageSize } }, signal })),
    placeholderData: keepPreviousData,
  });
}
