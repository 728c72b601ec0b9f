import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /received-packages. */
export default function ReceivedPackagesPage() {
  return (
    <>
      <PageHeader tabTitle="Received Packages" title="Received Packages" description="Packages that have arrived at your locker." />
      <EmptyState
        icon={PackageOpen}
        title="No packages have arrived in your locker yet."
        description="When a package reaches one of our warehouses, it shows up here with its details, ready to inspect and ship."
        action={
          <Link to="/dashboard" className={buttonClasses('secondary')}>
            See your locker addresses
          </Link>
        }
      />
    </>
  );
}
