import type { DashboardSummary } from '@hopbox/contracts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';

/** GET /api/user/dashboard: the four counts of the stat cards. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: async () => (await api.get<DataEnvelope<DashboardSummary>>('/api/user/dashboard')).data,
  });
}
