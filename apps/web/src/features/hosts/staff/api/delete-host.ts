import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** DELETE /api/hosts/{id}; a host with shipments answers 409 with the reason. */
export function useDeleteHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/hosts/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosts }),
  });
}
