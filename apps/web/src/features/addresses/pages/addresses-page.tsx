import { MapPin } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /addresses. */
export default function AddressesPage() {
  return (
    <>
      <PageHeader tabTitle="Addresses" title="Addresses" description="Where we deliver your shipments." />
      <EmptyState
        icon={MapPin}
        title="You have not saved any shipping addresses yet."
        description="Addresses saved here are offered when you create a shipment."
      />
    </>
  );
}
