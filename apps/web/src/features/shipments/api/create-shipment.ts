import type { CreateShipmentInput } from '@hopbox/contracts/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { AFFECTED_BY_SHIPMENTS } from './shipment-queries';

/** POST /api/user/shipments: several packages become a Pending consolidation, paid when it is ready. */
export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateShipmentInput) => (await answer(api.POST('/api/user/shipments', { body: input }))).data,
    onSuccess: () => Promise.all(AFFECTED_BY_SHIPMENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
