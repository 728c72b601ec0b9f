import { secondFactorQuery } from '@/features/auth/api/second-factor';
import { notificationPrefsQuery } from '@/features/notifications/api/notification-prefs';
import { profileQuery } from '@/features/profile/api/get-profile';
import { sessionsQuery } from '@/features/profile/api/get-sessions';
import { prefetchWhenSignedIn } from '@/lib/query-client';
import { getSession } from '@/lib/session';

/** The profile, its second factor and its sessions, and a customer's mail settings (the only accounts shown them). */
export const prefetchPageData = () =>
  prefetchWhenSignedIn((client) => {
    void client.prefetchQuery(profileQuery);
    void client.prefetchQuery(secondFactorQuery);
    void client.prefetchQuery(sessionsQuery);
    if (getSession()?.user.role === 'user') void client.prefetchQuery(notificationPrefsQuery);
  });
