import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, publicApi } from '@/lib/api-client';

/** GET /api/auth/user/verify-reset-token: a 400 means the link is unusable. */
export function useVerifyResetToken(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => answer(publicApi.GET('/api/auth/user/verify-reset-token', { params: { query: { token: token ?? '' } } })),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auth/user/reset-password; the server signs out every session of the account. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => answer(publicApi.POST('/api/auth/user/reset-password', { body: input })),
  });
}
