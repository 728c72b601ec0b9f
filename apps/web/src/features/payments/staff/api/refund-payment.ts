import type { RefundInput } from '@hopbox/contracts/payment-refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** POST /api/staff/payments/{id}/refund: gives part or all of a captured payment back; the list is read again. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: RefundInput }) =>
      (await answer(api.POST('/api/staff/payments/{id}/refund', { params: { path: { id } }, body: input }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.payments }),
  });
}
