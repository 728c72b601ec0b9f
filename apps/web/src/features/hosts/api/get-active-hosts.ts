import type { Host } from '@hopbox/contracts/hosts';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';

/** GET /api/hosts/active: the warehouses whose addresses customers ship their orders to. */
export function useActiveHosts() {
  return useQuery({
    queryKey: ['hosts', 'active'],
    queryFn: async () => (await api.get<DataEnvelope<Host[]>>('/api/hosts/active')).data,
    staleTime: 5 * 60_000,
  });
}
