import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** PUT /api/staff/packages/{id}/location: the package now sits on another shelf or bin; the lists and its history are read again. */
export function useMovePackage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (location: string) =>
      (await answer(api.PUT('/api/staff/packages/{id}/location', { params: { path: { id } }, body: { location } }))).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.packages });
      void queryClient.invalidateQueries({ queryKey: staffKeys.shipments });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit('package', id) });
    },
  });
}
