import type { HostInput } from '@hopbox/contracts/hosts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** POST /api/hosts (id null) or PUT /api/hosts/{id}; admins only. */
export function useSaveHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: HostInput }) =>
      id === null
        ? (await answer(api.POST('/api/hosts', { body: input }))).data
        : (await answer(api.PUT('/api/hosts/{id}', { params: { path: { id } }, body: input }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosts }),
  });
}
