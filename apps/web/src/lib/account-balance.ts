import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** GET /api/user/wallet, its balance only (decision 063): what the pay dialogs may take from. */
export const accountBalanceQuery = queryOptions({
  queryKey: ['wallet', 'balance'],
  queryFn: async () => (await answer(api.GET('/api/user/wallet', { params: { query: { pageSize: 1 } } }))).data,
  staleTime: 30_000,
});

/** The customer's account balance in AED, 0 while it loads or when there is none. */
export function useAccountBalance(): number {
  return useQuery(accountBalanceQuery).data?.balance ?? 0;
}
