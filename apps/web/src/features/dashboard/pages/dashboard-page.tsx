import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/use-session';
import { ReadyToPayBanner } from '../components/ready-to-pay-banner';
import { StatCards } from '../components/stat-cards';
import { YourInformationCard } from '../components/your-information-card';

/** / and /dashboard. */
/** `lockerAddresses` draws the hosts' addresses for a locker number (the hosts feature, plugged in by the route). */
export default function DashboardPage({ lockerAddresses }: { lockerAddresses: (lockerNumber: string | null) => ReactNode }) {
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  return (
    <>
      <PageHeader
        tabTitle="Dashboard"
        title={`Welcome, ${user.fullName}`}
        description="Here is an overview of your locker and shipments."
      />
      <div className="space-y-6">
        <ReadyToPayBanner />
        <StatCards />
        <YourInformationCard user={user} lockerAddresses={lockerAddresses(user.lockerNumber)} />
      </div>
    </>
  );
}
