import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/**
 * The address book's cache key. The shipment wizard reads the same list under the same key
 * (features do not import each other), so a change here refreshes the wizard too.
 */
export const addressesQueryKey = ['addresses'] as const;

export const fetchAddresses = async () => (await answer(api.GET('/api/user/addresses'))).data;

/** GET /api/user/addresses: the default address first. */
export const addressesQuery = queryOptions({ queryKey: addressesQueryKey, queryFn: fetchAddresses });

export function useAddresses() {
  return useQuery(addressesQuery);
}
