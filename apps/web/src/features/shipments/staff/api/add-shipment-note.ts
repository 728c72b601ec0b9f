import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** POST /api/staff/shipments/{id}/notes: an internal note on a shipment, for staff only. */
export function useAddShipmentNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (await answer(api.POST('/api/staff/shipments/{id}/notes', { params: { path: { id } }, body: { body } }))).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.shipments });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit('shipment', id) });
    },
  });
}
