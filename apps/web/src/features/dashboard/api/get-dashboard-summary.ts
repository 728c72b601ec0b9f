import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** GET /api/user/dashboard: the four counts of the stat cards, in one request. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: ['dashboard', 'summary'],
  queryFn: async () => (await answer(api.GET('/api/user/dashboard'))).data,
});

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery);
}
