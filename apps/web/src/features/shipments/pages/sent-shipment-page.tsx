import { Send } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /sent-shipment. */
export default function SentShipmentPage() {
  return (
    <>
      <PageHeader tabTitle="Sent Shipments" title="Sent Shipments" description="Shipments that have left our warehouses." />
      <EmptyState
        icon={Send}
        title="You have not sent any shipments yet."
        description="Once a shipment is paid for and dispatched, it appears here with its AWB number and status."
      />
    </>
  );
}
