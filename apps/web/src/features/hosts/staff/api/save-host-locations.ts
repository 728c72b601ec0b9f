import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** PUT /api/admin/hosts/{id}/locations: the host's whole list of shelf and bin codes; admins only. */
export function useSaveHostLocations(hostId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (codes: string[]) =>
      (await answer(api.PUT('/api/admin/hosts/{id}/locations', { params: { path: { id: hostId } }, body: { codes } }))).data,
    onSuccess: (data) => queryClient.setQueryData(staffKeys.hostLocations(hostId), data),
  });
}
