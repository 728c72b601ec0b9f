import { formatMoney } from '@hopbox/contracts/money';
import type { StaffPackage } from '@hopbox/contracts/packages';
import { Badge } from '@/components/badge';
import { DetailList } from '@/components/detail-list';
import { Modal } from '@/components/modal';
import { RecordDetails } from '@/components/record-details';
import { ConditionBadge, PhotoRequestedBadge } from '@/components/status-badges';
import { useAppConfig } from '@/lib/app-config';
import { formatDateTime, formatDimensions, formatKg, orNA } from '@/lib/format';

/** Every field of a package, and who did what to it. */
export function PackageDetailsModal({ pkg, onClose }: { pkg: StaffPackage | null; onClose: () => void }) {
  const { brandName } = useAppConfig();
  return (
    <Modal isOpen={pkg !== null} onClose={onClose} title={pkg ? `Package ${pkg.hopboxId}` : 'Package'} maxWidth="max-w-3xl">
      {pkg && (
        <RecordDetails
          badges={
            <>
              <ConditionBadge condition={pkg.shipmentStatus} />
              <Badge tone={pkg.shipmentId ? 'blue' : 'gray'}>{pkg.shipmentId ? 'In a shipment' : 'In the locker'}</Badge>
              {pkg.photoRequested && <PhotoRequestedBadge />}
            </>
          }
          audit={{ entity: 'package', id: pkg.id }}
        >
          <section aria-label="Customer">
            <h3 className="mb-3 text-sm font-semibold text-fg">Customer</h3>
            <DetailList
              items={[
                { label: 'Name', value: pkg.customerName },
                {
                  label: 'Email',
                  value: (
                    <a href={`mailto:${pkg.customerEmail}`} className="text-accent-fg hover:underline">
                      {pkg.customerEmail}
                    </a>
                  ),
                },
                { label: 'Locker number', value: <span className="font-mono">{pkg.lockerNumber}</span> },
              ]}
            />
          </section>
          <section aria-label="Package" className="border-t border-line pt-5">
            <h3 className="mb-3 text-sm font-semibold text-fg">Package</h3>
            <DetailList
              items={[
                { label: `${brandName} ID`, value: <span className="font-mono">{pkg.hopboxId}</span> },
                { label: 'Shipper', value: pkg.shipper },
                { label: 'Content', value: pkg.packageContent },
                { label: 'Origin', value: pkg.origin },
                { label: 'Tracking number', value: orNA(pkg.externalTrackingNumber) },
                { label: 'Received', value: formatDateTime(pkg.receivedDate) },
                { label: 'Condition', value: pkg.shipmentStatus },
                { label: 'Quantity', value: pkg.quantity },
                { label: 'Unit price', value: formatMoney(pkg.unitPrice, pkg.currency) },
                { label: 'Total price', value: formatMoney(pkg.totalPrice, pkg.currency) },
                { label: 'Package weight', value: formatKg(pkg.packageWeight) },
                { label: 'Unit weight', value: formatKg(pkg.unitWeight) },
                { label: 'Dimensions (L × B × H)', value: formatDimensions(pkg.packageLength, pkg.packageBreadth, pkg.packageHeight) },
                { label: 'Shipment', value: pkg.shipmentId ? `Shipment #${pkg.shipmentId}` : 'Not in a shipment' },
                { label: 'Description', value: orNA(pkg.description), wide: true },
                { label: 'Notes', value: orNA(pkg.notes), wide: true },
              ]}
            />
          </section>
        </RecordDetails>
      )}
    </Modal>
  );
}
