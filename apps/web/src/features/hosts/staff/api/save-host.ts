import type { Host, HostInput } from '@hopbox/contracts/hosts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** POST /api/hosts (id null) or PUT /api/hosts/{id}; admins only. */
export function useSaveHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: HostInput }) =>
      id === null
        ? (await api.post<{ success: true; data: Host }>('/api/hosts', input)).data
        : (await api.put<{ success: true; data: Host }>(`/api/hosts/${id}`, input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosts }),
  });
}
