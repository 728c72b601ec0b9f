import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/**
 * Signs out one other session (DELETE /api/user/sessions/{id}), or with `'others'` every session but this one
 * (POST /api/user/sessions/revoke-others); the list is asked again either way.
 */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: number | 'others') =>
      which === 'others'
        ? answer(api.POST('/api/user/sessions/revoke-others'))
        : answer(api.DELETE('/api/user/sessions/{id}', { params: { path: { id: which } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
