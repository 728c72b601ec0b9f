import { ROLE_LABELS } from '@hopbox/contracts/constants';
import { Mail, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { DetailItem } from '@/components/detail-list';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PersonSkeleton, SkeletonGroup } from '@/components/skeleton-layouts';
import { formatDate, initials, orNA } from '@/lib/format';
import { useProfile } from '../api/get-profile';
import { ChangePasswordCard } from '../components/change-password-card';
import { SignedInSessionsCard } from '../components/signed-in-sessions-card';

/** Its form, schema and the dialog's code load when it first opens (decision 085). */
const EditProfileModal = lazyDialog(async () => (await import('../components/edit-profile-modal')).EditProfileModal);

/**
 * The profile card while it loads, laid out as the card is (the header with its button, six details), so the cards
 * under it do not move when the profile answers: Lighthouse measured a layout shift of 0.08 when they did (decision 074).
 */
function ProfileSkeleton() {
  return (
    <Card aria-busy="true">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line px-5 py-5 sm:px-6">
        <PersonSkeleton size="lg" className="w-60 max-w-full gap-4 overflow-hidden" />
        <SkeletonGroup count={1} itemClassName="h-10 w-32" />
      </div>
      <SkeletonGroup count={6} className="grid gap-x-6 gap-y-5 px-5 py-5 sm:grid-cols-2 sm:px-6 lg:grid-cols-3" itemClassName="h-10" />
    </Card>
  );
}

/** /profile: who the customer is, the edit modal, the password change and where the account is signed in. */
/**
 * `notifications` is the customer's notification settings and `twoFactor` the account's second factor (the
 * notifications and auth features, plugged in by the route).
 */
export default function ProfilePage({ notifications, twoFactor }: { notifications: ReactNode; twoFactor?: ReactNode }) {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const { hash } = useLocation();

  useEffect(() => {
    if (hash === '#change-password' && profile.isSuccess) {
      const card = document.getElementById('change-password');
      card?.scrollIntoView({ behavior: 'smooth' });
      card?.querySelector('input')?.focus({ preventScroll: true });
    }
  }, [hash, profile.isSuccess]);

  return (
    <>
      <PageHeader tabTitle="Profile" title="Profile" description="Your personal details and sign-in settings." />
      <div className="space-y-6">
        {profile.isPending && <ProfileSkeleton />}
        <QueryLoadError query={profile} />
        {profile.data && (
          <Card aria-label="Your profile">
            <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line px-5 py-5 sm:px-6">
              <div className="flex min-w-0 items-center gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-16 shrink-0 items-center justify-center rounded-full bg-accent text-xl font-semibold text-white"
                >
                  {initials(profile.data.fullName)}
                </span>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-semibold text-fg">{profile.data.fullName}</h2>
                    <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-fg">
                      {ROLE_LABELS[profile.data.role] ?? 'User'}
                    </span>
                  </div>
                  <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
                    <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="truncate">{profile.data.email}</span>
                  </p>
                </div>
              </div>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit Profile
              </Button>
            </div>
            <dl className="grid gap-x-6 gap-y-5 px-5 py-5 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
              <DetailItem label="First Name">{orNA(profile.data.firstName)}</DetailItem>
              <DetailItem label="Last Name">{orNA(profile.data.lastName)}</DetailItem>
              <DetailItem label="Mobile Number">{orNA(profile.data.phone)}</DetailItem>
              <DetailItem label="Locker Number">
                <span className="font-medium tracking-wide">{orNA(profile.data.lockerNumber)}</span>
              </DetailItem>
              <DetailItem label="Country">{orNA(profile.data.country)}</DetailItem>
              <DetailItem label="Member Since">{formatDate(profile.data.createdAt)}</DetailItem>
            </dl>
          </Card>
        )}
        {profile.data && <EditProfileModal profile={profile.data} isOpen={editing} onClose={() => setEditing(false)} />}
        <ChangePasswordCard role={profile.data?.role} />
        {twoFactor}
        <SignedInSessionsCard />
        {profile.data?.role === 'user' && notifications}
      </div>
    </>
  );
}
