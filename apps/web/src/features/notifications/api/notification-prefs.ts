import type { NotificationPrefs } from '@hopbox/contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

const key = ['profile', 'notifications'] as const;

/** GET /api/user/profile/notifications: which optional mails the customer receives. */
export const notificationPrefsQuery = queryOptions({
  queryKey: key,
  queryFn: async () => (await answer(api.GET('/api/user/profile/notifications'))).data,
});

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQuery);
}

/** PUT /api/user/profile/notifications. */
export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prefs: NotificationPrefs) => (await answer(api.PUT('/api/user/profile/notifications', { body: prefs }))).data,
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}
