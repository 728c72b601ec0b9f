import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/use-session';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { AccountBalanceNotice } from '../components/account-balance-notice';
import { HowItWorksPanel } from '../components/how-it-works-panel';
import { ReadyToPayBanner } from '../components/ready-to-pay-banner';
import { StatCards } from '../components/stat-cards';
import { StorageNotice } from '../components/storage-notice';
import { YourInformationCard } from '../components/your-information-card';

/** / and /dashboard. */
/** `lockerAddresses` draws the hosts' addresses for a locker number (the hosts feature, plugged in by the route). */
export default function DashboardPage({ lockerAddresses }: { lockerAddresses: (lockerNumber: string | null) => ReactNode }) {
  const session = useSession();
  const summary = useDashboardSummary();
  if (!session) return null;
  const { user } = session;
  // Shown only once the summary says so: a customer with packages never sees it flash while loading.
  const firstSteps = summary.data?.hasReceivedPackage === false;
  return (
    <>
      <PageHeader
        tabTitle="Dashboard"
        title={`Welcome, ${user.fullName}`}
        description="Here is an overview of your locker and shipments."
      />
      <div className="space-y-6">
        <StatCards />
        {/*
          What depends on the summary comes below the counts, and only once it has answered: nothing the customer
          already sees moves when a notice appears (Lighthouse measured a layout shift of 0.5 with them above).
        */}
        {!summary.isPending && (
          <>
            <ReadyToPayBanner />
            <StorageNotice />
            {(summary.data?.accountBalance ?? 0) > 0 && <AccountBalanceNotice />}
            {firstSteps && <HowItWorksPanel lockerNumber={user.lockerNumber} lockerAddresses={lockerAddresses(user.lockerNumber)} />}
            <YourInformationCard user={user} lockerAddresses={lockerAddresses(user.lockerNumber)} />
          </>
        )}
      </div>
    </>
  );
}
