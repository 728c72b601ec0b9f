import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { photoRequestsQueryKey } from './get-photo-requests';

/** GET /api/user/photo-requests/stats: pending (with in progress), completed and total. */
export const photoRequestStatsQuery = queryOptions({
  queryKey: [...photoRequestsQueryKey, 'stats'],
  queryFn: async ({ signal }) => (await answer(api.GET('/api/user/photo-requests/stats', { signal }))).data,
});

export function usePhotoRequestStats() {
  return useQuery(photoRequestStatsQuery);
}
