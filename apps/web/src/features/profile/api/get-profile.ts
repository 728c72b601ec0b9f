import type { Profile } from '@hopbox/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

/** GET /api/auth/user/profile. */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async () => (await api.get<{ success: true; user: Profile }>('/api/auth/user/profile')).user,
  });
}
