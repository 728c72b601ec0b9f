import type { Address, AddressInput } from '@hopbox/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** POST /api/user/addresses (no id) or PUT /api/user/addresses/{id}. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: AddressInput }) =>
      id === undefined
        ? (await api.post<DataEnvelope<Address>>('/api/user/addresses', input)).data
        : (await api.put<DataEnvelope<Address>>(`/api/user/addresses/${id}`, input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
