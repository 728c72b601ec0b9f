import type { Profile, ProfileUpdateInput } from '@hopbox/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveSessionUser } from '@/lib/session';
import { profileQueryKey } from './get-profile';

/** PUT /api/user/profile; the stored session follows the new name and email. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) =>
      (await api.put<{ success: true; message: string; user: Profile }>('/api/user/profile', input)).user,
    onSuccess: (profile) => {
      const { createdAt: _createdAt, ...user } = profile;
      saveSessionUser(user);
      queryClient.setQueryData(profileQueryKey, profile);
    },
  });
}
