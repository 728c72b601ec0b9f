import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export const sessionsQueryKey = ['profile', 'sessions'] as const;

/** GET /api/user/sessions: where the account is signed in, this session first. */
export const sessionsQuery = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: async () => (await answer(api.GET('/api/user/sessions'))).data,
});

export function useSessions() {
  return useQuery(sessionsQuery);
}
