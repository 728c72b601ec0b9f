import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** GET /api/user/dashboard: the four counts of the stat cards. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: async () => (await answer(api.GET('/api/user/dashboard'))).data,
  });
}
