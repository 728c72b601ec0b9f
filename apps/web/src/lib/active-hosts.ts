import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** GET /api/hosts/active: the warehouses whose addresses customers ship their orders to (shared: the dashboard, Receive). */
export const activeHostsQuery = queryOptions({
  queryKey: ['hosts', 'active'],
  queryFn: async () => (await answer(api.GET('/api/hosts/active'))).data,
  staleTime: 5 * 60_000,
});

export function useActiveHosts() {
  return useQuery(activeHostsQuery);
}
