import type { PackageRequestType } from '@hopbox/contracts/package-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

const feesKey = [...staffKeys.hosts, 'request-fees'] as const;

/** GET /api/admin/package-request-fees: every warehouse's fee per request type, its own or the default. */
export function useRequestFeeTable() {
  return useQuery({
    queryKey: feesKey,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/admin/package-request-fees', { signal }))).data,
  });
}

/** PUT /api/admin/package-request-fees/{hostId}/{type}: a warehouse's fee for one type; requests already asked keep theirs. */
export function useSetRequestFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ hostId, type, fee }: { hostId: number; type: PackageRequestType; fee: number }) =>
      (await answer(api.PUT('/api/admin/package-request-fees/{hostId}/{type}', { params: { path: { hostId, type } }, body: { fee } })))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feesKey }),
  });
}
