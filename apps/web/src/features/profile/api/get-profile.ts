import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

/** GET /api/auth/user/profile. */
export const profileQuery = queryOptions({
  queryKey: profileQueryKey,
  queryFn: async () => (await answer(api.GET('/api/auth/user/profile'))).user,
});

export function useProfile() {
  return useQuery(profileQuery);
}
