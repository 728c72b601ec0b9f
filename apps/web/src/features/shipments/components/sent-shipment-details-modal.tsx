import { formatMoney } from '@hopbox/contracts/money';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { Button } from '@/components/button';
import { DetailItem } from '@/components/detail-list';
import { Modal } from '@/components/modal';
import { PaymentStatusBadge, ShipmentStatusBadge } from '@/components/status-badges';
import { formatDateTime, formatWeight, packageIdsOf } from '@/lib/format';
import { CopyableValue } from './copy-button';
import { PackageIdList } from './table-parts';

/** The Sent Shipments details: the table's fields plus Processing Date, destination and the payment. */
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
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-3">
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
