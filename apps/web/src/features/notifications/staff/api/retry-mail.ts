import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** POST /api/admin/mail/{id}/retry: the worker sends it again. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ success: true; message: string }>(`/api/admin/mail/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.mail }),
  });
}
