import type { Host } from '@hopbox/contracts/hosts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type HostAction = 'activate' | 'deactivate' | 'toggle-remote-service';

/** POST /api/hosts/{id}/activate, /deactivate or /toggle-remote-service; admins only. */
export function useHostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: HostAction }) =>
      (await api.post<{ success: true; data: Host }>(`/api/hosts/${id}/${action}`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosts }),
  });
}
