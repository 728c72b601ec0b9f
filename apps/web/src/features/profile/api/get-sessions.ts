import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export const sessionsQueryKey = ['profile', 'sessions'] as const;

/** GET /api/user/sessions: where the account is signed in, this session first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => (await answer(api.GET('/api/user/sessions'))).data,
  });
}
