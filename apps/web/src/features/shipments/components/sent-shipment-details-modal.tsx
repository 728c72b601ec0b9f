import { formatMoney } from '@hopbox/contracts/money';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { carrierLabel } from '@hopbox/contracts/tracking';
import { Route } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { DetailItem } from '@/components/detail-list';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { PaymentStatusBadge, ShipmentStatusBadge } from '@/components/status-badges';
import { errorMessage } from '@/lib/api-errors';
import { formatDateTime, formatWeight, packageIdsOf } from '@/lib/format';
import { useShipmentTracking } from '../api/get-shipment-tracking';
import { CopyableValue } from './copy-button';
import { PackageIdList } from './table-parts';
import { TrackingTimeline } from './tracking-timeline';

/** Why there is no timeline yet: not booked, booked and not collected yet, or an AWB from outside Hopbox. */
function NoEvents({ awb, carrier }: { awb: string | null; carrier: string | null }) {
  const [title, description] = carrier
    ? [`Booked with ${carrierLabel(carrier)}`, 'The carrier has not collected the shipment yet: its first tracking event will show here.']
    : [
        'Not booked with the carrier yet',
        awb
          ? `The AWB ${awb} was issued outside Hopbox: follow it on the website of the carrier that issued it.`
          : 'The timeline shows here once the warehouse books your shipment with the carrier.',
      ];
  return (
    <div className="flex items-start gap-3 rounded-lg bg-subtle px-4 py-3.5">
      <Route className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-sm font-medium text-fg">{title}</p>
        <p className="mt-0.5 text-sm text-muted">{description}</p>
      </div>
    </div>
  );
}

/** The carrier's timeline of the shipment, read when the details open. */
function TrackingSection({ shipment }: { shipment: SentShipment }) {
  const tracking = useShipmentTracking(shipment.id);
  let body: ReactNode;
  if (tracking.isPending)
    body = (
      <div aria-busy="true" className="space-y-3">
        <span className="sr-only">Loading tracking...</span>
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  else if (tracking.isError)
    body = <LoadError message={errorMessage(tracking.error, 'Could not load the tracking')} onRetry={() => void tracking.refetch()} />;
  else if (tracking.data.events.length === 0) body = <NoEvents awb={tracking.data.awb ?? shipment.awb} carrier={tracking.data.carrier} />;
  else body = <TrackingTimeline events={tracking.data.events} />;
  return (
    <section aria-labelledby="tracking-heading" className="space-y-3">
      <h3 id="tracking-heading" className="text-sm font-semibold text-fg">
        Tracking
      </h3>
      {body}
    </section>
  );
}

/** The Sent Shipments details: the table's fields plus Processing Date, destination, the payment and the carrier's timeline. */
export function SentShipmentDetailsModal({ shipment, onClose }: { shipment: SentShipment | null; onClose: () => void }) {
  const s = shipment;
  return (
    <Modal
      isOpen={s !== null}
      onClose={onClose}
      title={s ? `Shipment ${s.shipmentId}` : 'Shipment'}
      maxWidth="max-w-3xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {s && (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-3">
            <ShipmentStatusBadge status={s.shipmentStatus} />
            <span className="text-sm text-muted">
              {s.origin} → {s.destination || 'N/A'}
            </span>
          </div>
          <TrackingSection shipment={s} />
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 border-t border-line pt-5 sm:grid-cols-3">
            <DetailItem label="Shipment ID">{s.shipmentId}</DetailItem>
            <DetailItem label="Status">{s.shipmentStatus}</DetailItem>
            <DetailItem label="Locker">{s.lockerNumber || 'N/A'}</DetailItem>
            <DetailItem label="Customer">
              {s.customerName}
              {s.customerPhone && <span className="block text-muted">{s.customerPhone}</span>}
            </DetailItem>
            <DetailItem label={`Shipments (${packageIdsOf(s.packageIds).length})`} className="sm:col-span-3">
              <PackageIdList ids={packageIdsOf(s.packageIds)} max={20} />
            </DetailItem>
            <DetailItem label="Total Weight">{formatWeight(s.totalWeight)}</DetailItem>
            <DetailItem label="AWB">
              <CopyableValue value={s.awb} label="AWB" missing="Not assigned yet" />
            </DetailItem>
            <DetailItem label="Carrier">{carrierLabel(s.carrier) ?? (s.awb ? 'Booked outside Hopbox' : 'Not booked yet')}</DetailItem>
            <DetailItem label="Origin">{s.origin || 'N/A'}</DetailItem>
            <DetailItem label="Destination">{s.destination || 'N/A'}</DetailItem>
            <DetailItem label="Host Code">{s.hostCode || 'N/A'}</DetailItem>
            <DetailItem label="Order Date">{formatDateTime(s.orderDate)}</DetailItem>
            <DetailItem label="Processing Date">{formatDateTime(s.processingDate)}</DetailItem>
            <DetailItem label="Created Date">{formatDateTime(s.createdAt)}</DetailItem>
            <DetailItem label="Amount">{formatMoney(s.amount, s.currency)}</DetailItem>
            <DetailItem label="Payment Status">
              <PaymentStatusBadge status={s.paymentStatus} />
            </DetailItem>
            <DetailItem label="Payment Reference" className="sm:col-span-3">
              <CopyableValue value={s.paymentReference} label="Payment reference" missing="N/A" className="break-all" />
            </DetailItem>
          </dl>
        </div>
      )}
    </Modal>
  );
}
