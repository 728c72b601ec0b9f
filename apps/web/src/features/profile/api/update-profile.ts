import type { ProfileUpdateInput } from '@hopbox/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { saveSessionUser } from '@/lib/session';
import { profileQueryKey } from './get-profile';

/** PUT /api/user/profile; the stored session follows the new name and email. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) => (await answer(api.PUT('/api/user/profile', { body: input }))).user,
    onSuccess: (profile) => {
      const { createdAt: _createdAt, ...user } = profile;
      saveSessionUser(user);
      queryClient.setQueryData(profileQueryKey, profile);
    },
  });
}
