import DashboardPage from '@/features/dashboard/pages/dashboard-page';
import { LockerAddressList } from '@/features/hosts/components/locker-address-list';

const lockerAddresses = (lockerNumber: string | null) => <LockerAddressList lockerNumber={lockerNumber} />;

/** / and /dashboard: the summary, with the hosts feature's locker addresses. */
export default function DashboardRoute() {
  return <DashboardPage lockerAddresses={lockerAddresses} />;
}
