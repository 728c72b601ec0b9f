import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** Every query of this feature starts with this key. */
export const photoRequestsQueryKey = ['photo-requests'] as const;

/** GET /api/user/photo-requests: all of the customer's requests, newest first (SPEC.md: `data` or `photoRequests`). */
export const photoRequestsQuery = queryOptions({
  queryKey: [...photoRequestsQueryKey, 'list'],
  queryFn: async ({ signal }) => (await answer(api.GET('/api/user/photo-requests', { signal }))).data,
});

export function usePhotoRequests() {
  return useQuery(photoRequestsQuery);
}
