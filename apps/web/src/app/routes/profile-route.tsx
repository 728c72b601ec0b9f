import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { NotificationsCard } from '@/features/notifications/components/notifications-card';
import ProfilePage from '@/features/profile/pages/profile-page';

/** /profile: the profile feature's page, with the notifications feature's settings card and the auth feature's second factor. */
export default function ProfileRoute() {
  return <ProfilePage notifications={<NotificationsCard />} twoFactor={<TwoFactorCard />} />;
}
