import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** POST /api/admin/mail/{id}/retry: the worker sends it again. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.POST('/api/admin/mail/{id}/retry', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.mail }),
  });
}
