import type { Address } from '@hopbox/contracts/addresses';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';

/** GET /api/user/addresses, under the Addresses page's key (['addresses']) so both share one cache. */
export function useShippingAddresses(enabled = true) {
  return useQuery({
    queryKey: ['addresses'],
    queryFn: async () => (await api.get<DataEnvelope<Address[]>>('/api/user/addresses')).data,
    enabled,
  });
}
