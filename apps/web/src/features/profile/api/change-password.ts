import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** PUT /api/user/profile/password; the server signs out the account's other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => answer(api.PUT('/api/user/profile/password', { body: input })),
  });
}
