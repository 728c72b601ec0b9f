import type { AddressInput } from '@hopbox/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** POST /api/user/addresses (no id) or PUT /api/user/addresses/{id}. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: AddressInput }) =>
      id === undefined
        ? (await answer(api.POST('/api/user/addresses', { body: input }))).data
        : (await answer(api.PUT('/api/user/addresses/{id}', { params: { path: { id } }, body: input }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
