import type { Address } from '@hopbox/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** PUT /api/user/addresses/{id}/set-default. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.put<DataEnvelope<Address>>(`/api/user/addresses/${id}/set-default`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
