import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** GET /api/hosts: every host, active or not. */
export function useHosts() {
  return useQuery({
    queryKey: [...staffKeys.hosts, 'list'],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/hosts', { signal }))).data,
  });
}

/** GET /api/hosts/stats. */
export function useHostStats() {
  return useQuery({
    queryKey: [...staffKeys.hosts, 'stats'],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/hosts/stats', { signal }))).data,
  });
}
