import type { StaffPackageRequestUpdate } from '@hopbox/contracts/package-requests';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api, type Query } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type QueuedRequest = Answer<'/api/staff/package-requests', 'get'>['data'][number];
export type QueueStatus = NonNullable<Query<'/api/staff/package-requests', 'get'>['status']>;

/** Under the packages' key: finishing a request changes packages (new size, new parcels, gone from the locker). */
const queueKey = [...staffKeys.packages, 'requests'] as const;

/** GET /api/staff/package-requests: one page of the queue, oldest first, of one status, the open ones or all. */
export function useRequestQueue(params: { page: number; pageSize: number; status: QueueStatus | undefined }) {
  return useQuery({
    queryKey: [...queueKey, params],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/package-requests', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/staff/package-requests/{id}: take, finish (with the result its type needs) or refuse; the queue and packages are read again. */
export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: StaffPackageRequestUpdate }) =>
      (await answer(api.PUT('/api/staff/package-requests/{id}', { params: { path: { id } }, body }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.packages }),
  });
}
