import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Body } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type StaffShipmentChange = Body<'/api/staff/shipments/{id}', 'put'>;

/** PUT /api/staff/shipments/{id}: consolidation fields, or the dispatch of a paid shipment. */
export function useUpdateStaffShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: StaffShipmentChange }) =>
      (await answer(api.PUT('/api/staff/shipments/{id}', { params: { path: { id } }, body: change }))).data,
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.shipments });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit('shipment', id) });
    },
  });
}
