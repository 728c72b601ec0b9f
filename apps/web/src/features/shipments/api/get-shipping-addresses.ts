import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** GET /api/user/addresses, under the Addresses page's key (['addresses']) so both share one cache. */
export function useShippingAddresses(enabled = true) {
  return useQuery({
    queryKey: ['addresses'],
    queryFn: async () => (await answer(api.GET('/api/user/addresses'))).data,
    enabled,
  });
}
