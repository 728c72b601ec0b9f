import type { NotificationPrefs } from '@hopbox/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['profile', 'notifications'] as const;

/** GET /api/user/profile/notifications: which optional mails the customer receives. */
export function useNotificationPrefs() {
  return useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ success: true; data: NotificationPrefs }>('/api/user/profile/notifications')).data,
  });
}

/** PUT /api/user/profile/notifications. */
export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prefs: NotificationPrefs) =>
      (await api.put<{ success: true; data: NotificationPrefs }>('/api/user/profile/notifications', prefs)).data,
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}
