import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** PUT /api/user/addresses/{id}/set-default. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await answer(api.PUT('/api/user/addresses/{id}/set-default', { params: { path: { id } } }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
