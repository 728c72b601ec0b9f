import type { StaffClaimUpdate } from '@hopbox/contracts/claims';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api, type Query } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type QueuedClaim = Answer<'/api/staff/claims', 'get'>['data'][number];
export type ClaimQueueStatus = NonNullable<Query<'/api/staff/claims', 'get'>['status']>;
export type ClaimDetail = Answer<'/api/staff/claims/{id}', 'get'>['data'];

/** Every query of the staff's claims screens starts with this key. */
const claimsKey = [...staffKeys.all, 'claims'] as const;

/** GET /api/staff/claims: one page of the queue, of one status or all (the answered first among the open ones). */
export function useClaimQueue(params: { page: number; pageSize: number; status: ClaimQueueStatus | undefined }) {
  return useQuery({
    queryKey: [...claimsKey, 'queue', params],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/claims', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/claims/{id}: one claim beside its evidence; nothing is asked without an id. */
export function useStaffClaim(id: number | null) {
  return useQuery({
    queryKey: [...claimsKey, 'detail', id],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/staff/claims/{id}', { params: { path: { id: id ?? 0 } }, signal }))).data,
    enabled: id !== null,
  });
}

/**
 * PUT /api/staff/claims/{id}: staff's decision. The answer is the claim as it now stands; the queue, and the payments a
 * refund changed, are read again.
 */
export function useDecideClaim(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffClaimUpdate) =>
      (await answer(api.PUT('/api/staff/claims/{id}', { params: { path: { id } }, body }))).data,
    onSuccess: (claim) => queryClient.setQueryData([...claimsKey, 'detail', id], claim),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...claimsKey, 'queue'] }),
        queryClient.invalidateQueries({ queryKey: staffKeys.payments }),
      ]),
  });
}
