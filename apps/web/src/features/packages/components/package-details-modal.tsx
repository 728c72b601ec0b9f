import type { Package } from '@hopbox/contracts/packages';
import { Camera, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { useAppConfig } from '@/lib/app-config';
import { formatDateTime, formatDimensions, formatKg, formatMoney, orNA } from '@/lib/format';
import { ConditionBadge } from './condition-badge';

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-full' : undefined}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">{children}</dl>
    </section>
  );
}

/** 'Package Details': every field of the package (SPEC.md section 3), with units and currency. */
export function PackageDetailsModal({
  pkg,
  isOpen,
  onClose,
  onEdit,
  onRequestPhoto,
}: {
  pkg: Package | null;
  isOpen: boolean;
  onClose: () => void;
  onEdit: (pkg: Package) => void;
  onRequestPhoto: (pkg: Package) => void;
}) {
  const { brandName } = useAppConfig();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Package Details"
      description={pkg ? `${pkg.hopboxId} · ${pkg.shipper}` : undefined}
      maxWidth="max-w-2xl"
      footer={
        pkg && (
          <div className="flex w-full gap-2 sm:justify-end">
            {/* Phones close with the X above; the two actions share the row. */}
            <span className="hidden sm:contents">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </span>
            {!pkg.photoRequested && (
              <Button variant="secondary" onClick={() => onRequestPhoto(pkg)} className="flex-1 sm:flex-none">
                <Camera className="size-4" aria-hidden="true" />
                Request Photo
              </Button>
            )}
            <Button onClick={() => onEdit(pkg)} className="flex-1 sm:flex-none">
              <Pencil className="size-4" aria-hidden="true" />
              Edit Package
            </Button>
          </div>
        )
      }
    >
      {pkg && (
        // Focusable, so keyboard users can scroll the details when they overflow the dialog.
        <div
          tabIndex={0}
          role="group"
          aria-label="Package information"
          className="space-y-6 rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <Section title="Package">
            <Detail label={`${brandName} ID`}>
              <span className="font-semibold tracking-wide">{pkg.hopboxId}</span>
            </Detail>
            <Detail label="Condition">
              <ConditionBadge condition={pkg.shipmentStatus} />
            </Detail>
            <Detail label="Shipper">{orNA(pkg.shipper)}</Detail>
            <Detail label="Content">{orNA(pkg.packageContent)}</Detail>
            <Detail label="Origin">{orNA(pkg.origin)}</Detail>
            <Detail label="Received Date">{formatDateTime(pkg.receivedDate)}</Detail>
            <Detail label="Locker Number">{orNA(pkg.lockerNumber)}</Detail>
            <Detail label="Tracking Number">{orNA(pkg.externalTrackingNumber)}</Detail>
            <Detail label="Photo Request">
              {pkg.photoRequested ? <Badge tone="blue">Photo Requested</Badge> : <span className="text-muted">None open</span>}
            </Detail>
          </Section>

          <Section title="Declared value">
            <Detail label="Quantity">{pkg.quantity}</Detail>
            <Detail label="Currency">{orNA(pkg.currency)}</Detail>
            <Detail label="Unit Price">{formatMoney(pkg.unitPrice, pkg.currency)}</Detail>
            <Detail label="Total Price">
              <span className="font-semibold">{formatMoney(pkg.totalPrice, pkg.currency)}</span>
            </Detail>
          </Section>

          <Section title="Weight and size">
            <Detail label="Package Weight">{formatKg(pkg.packageWeight)}</Detail>
            <Detail label="Unit Weight">{formatKg(pkg.unitWeight)}</Detail>
            <Detail label="Dimensions (L × B × H)" wide>
              {formatDimensions(pkg.packageLength, pkg.packageBreadth, pkg.packageHeight)}
            </Detail>
          </Section>

          <Section title="Notes">
            <Detail label="Description" wide>
              <span className="whitespace-pre-line">{orNA(pkg.description)}</span>
            </Detail>
            <Detail label="Warehouse Notes" wide>
              <span className="whitespace-pre-line">{orNA(pkg.notes)}</span>
            </Detail>
          </Section>
        </div>
      )}
    </Modal>
  );
}
