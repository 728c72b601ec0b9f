import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type HostAction = 'activate' | 'deactivate' | 'toggle-remote-service';

/** POST /api/hosts/{id}/activate, /deactivate or /toggle-remote-service; admins only. */
export function useHostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: HostAction }) =>
      (await answer(api.POST(`/api/hosts/{id}/${action}`, { params: { path: { id } } }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosts }),
  });
}
