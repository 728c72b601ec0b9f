import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { callbackUrl } from '@/lib/payment-link';

/**
 * POST /api/user/package-requests/{id}/payment (decision 068): pay a return's or discard's fee, `amount` being what
 * the card is charged after the account balance when it is used. The answer's link is the provider's page, or the
 * callback page when the balance paid it all.
 */
export function usePayRequestFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, useBalance, currency }: { id: number; amount: number; useBalance: boolean; currency: string }) =>
      answer(
        api.POST('/api/user/package-requests/{id}/payment', {
          params: { path: { id } },
          body: { amount: amount.toFixed(2), currency, useBalance, redirectUrl: callbackUrl('request') },
        }),
      ),
    // A refusal (a fee paid meanwhile, a balance that changed) reads the request and the balance again.
    onError: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['packages'] }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]),
  });
}

/** PUT /api/user/package-requests/{id}/cancel: withdraw a request the warehouse has not started and whose fee is unpaid. */
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await answer(api.PUT('/api/user/package-requests/{id}/cancel', { params: { path: { id } } }))).data,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['packages'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}
