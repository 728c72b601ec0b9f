import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** DELETE /api/user/addresses/{id}; the server passes a deleted default on to another address. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: true; message: string }>(`/api/user/addresses/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
