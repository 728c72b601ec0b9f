import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** DELETE /api/user/addresses/{id}; the server passes a deleted default on to another address. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/user/addresses/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
