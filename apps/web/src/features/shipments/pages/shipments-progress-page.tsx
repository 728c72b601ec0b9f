import { Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /shipments-progress. */
export default function ShipmentsProgressPage() {
  return (
    <>
      <PageHeader tabTitle="Shipments Progress" title="Shipments Progress" description="Consolidated shipments we are preparing for you." />
      <EmptyState
        icon={Truck}
        title="You have no shipments in progress."
        description="When you combine packages into one shipment, it is listed here while we prepare it, until you finish and pay for it."
        action={
          <Link to="/received-packages" className={buttonClasses('secondary')}>
            Go to Received Packages
          </Link>
        }
      />
    </>
  );
}
