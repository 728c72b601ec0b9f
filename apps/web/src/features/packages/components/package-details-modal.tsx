import { fileClaimPath } from '@hopbox/contracts/claim-path';
import { PACKAGE_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import { cannotChangeWhileOpen } from '@hopbox/contracts/package-request-words';
import type { Package } from '@hopbox/contracts/packages';
import { supportPath } from '@hopbox/contracts/support-path';
import { Camera, Pencil } from 'lucide-react';
import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { DetailItem } from '@/components/detail-list';
import { Modal, ModalDetails } from '@/components/modal';
import { PhotoStrip } from '@/components/photo-strip';
import { Skeleton } from '@/components/skeleton';
import { ConditionBadge, PhotoRequestedBadge } from '@/components/status-badges';
import { useAppConfig } from '@/lib/app-config';
import { formatDateTime, formatDimensions, formatKg, orNA } from '@/lib/format';
import { usePackageDetails } from '../api/get-package-details';
import { StorageCountdown } from './package-markers';

// The declaration's section brings its form (zod, react-hook-form, the country list): loaded on first opening.
const DeclarationSection = lazy(async () => ({ default: (await import('./declaration-section')).DeclarationSection }));

/** The heading of each of the modal's sections. */
function SectionTitle(props: ComponentProps<'h3'>) {
  return <h3 className="text-xs font-semibold tracking-wider text-muted uppercase" {...props} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <SectionTitle>{title}</SectionTitle>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">{children}</dl>
    </section>
  );
}

/** Where the customs declaration appears while its code loads. */
function DeclarationPlaceholder() {
  return (
    <section className="space-y-3" aria-label="Customs declaration" aria-busy="true">
      <SectionTitle>Customs declaration</SectionTitle>
      <Skeleton className="h-24 w-full" />
    </section>
  );
}

/** The photos the warehouse took when the package arrived (decision 030); nothing when there are none. */
function ReceiptPhotos({ packageId }: { packageId: number }) {
  const details = usePackageDetails(packageId);
  const photos = details.data?.data.receiptPhotos ?? [];
  if (photos.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="receipt-photos-title">
      <SectionTitle id="receipt-photos-title">Photos taken at receipt ({photos.length})</SectionTitle>
      <PhotoStrip photos={photos} label="Photo taken at receipt" />
    </section>
  );
}

/**
 * 'Package Details': every field of the package (SPEC.md section 3), with units and currency, the receipt photos
 * and the customs declaration's form.
 */
export function PackageDetailsModal({
  pkg,
  isOpen,
  onClose,
  onEdit,
  onRequestPhoto,
  declare = false,
  services: Services,
}: {
  pkg: Package | null;
  /** The package's services (requests to the warehouse), from the feature the route plugs in. */
  services?: ComponentType<{ pkg: Package }>;
  /** Opened to complete the customs declaration: its form is brought into view. */
  declare?: boolean;
  isOpen: boolean;
  onClose: () => void;
  onEdit: (pkg: Package) => void;
  onRequestPhoto: (pkg: Package) => void;
}) {
  const { brandName } = useAppConfig();
  // A package in a shipment or gone from the locker is read only: the API refuses edits and photo requests of it.
  const inLocker = pkg !== null && pkg.shipmentId === null && pkg.leftAs === null;
  // While the warehouse works on a service the customer asked for, the package is not theirs to change (409 REQUEST_OPEN).
  const changeable = inLocker && !pkg.requestOpen;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Package Details"
      description={pkg ? `${pkg.hopboxId} · ${pkg.shipper}` : undefined}
      maxWidth="max-w-2xl"
      footer={
        pkg && (
          <div className="flex w-full flex-wrap items-center gap-2 sm:flex-nowrap sm:justify-end">
            {inLocker && pkg.requestOpen && <p className="w-full text-sm text-muted sm:mr-auto sm:w-auto">{cannotChangeWhileOpen}</p>}
            {/* Phones close with the X above and the two actions share the row; a package that left has no actions. */}
            <span className={changeable ? 'hidden sm:contents' : 'contents'}>
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </span>
            {changeable && !pkg.photoRequested && (
              <Button variant="secondary" onClick={() => onRequestPhoto(pkg)} className="flex-1 sm:flex-none">
                <Camera className="size-4" aria-hidden="true" />
                Request Photo
              </Button>
            )}
            {changeable && (
              <Button onClick={() => onEdit(pkg)} className="flex-1 sm:flex-none">
                <Pencil className="size-4" aria-hidden="true" />
                Edit Package
              </Button>
            )}
          </div>
        )
      }
    >
      {pkg && (
        <ModalDetails label="Package information">
          <Section title="Package">
            <DetailItem label={`${brandName} ID`}>
              <span className="font-semibold tracking-wide">{pkg.hopboxId}</span>
            </DetailItem>
            <DetailItem label="Status">
              <span className="font-medium">
                {statusLabel(PACKAGE_LIFECYCLE, pkg.leftAs ?? (pkg.shipmentId === null ? 'IN_LOCKER' : 'IN_SHIPMENT'))}
              </span>
            </DetailItem>
            <DetailItem label="Condition">
              <ConditionBadge condition={pkg.shipmentStatus} />
            </DetailItem>
            <DetailItem label="Shipper">{orNA(pkg.shipper)}</DetailItem>
            <DetailItem label="Content">{orNA(pkg.packageContent)}</DetailItem>
            <DetailItem label="Origin">{orNA(pkg.origin)}</DetailItem>
            <DetailItem label="Received Date">{formatDateTime(pkg.receivedDate)}</DetailItem>
            {inLocker && (
              <DetailItem label="Free storage">
                <StorageCountdown storage={pkg.storage} />
              </DetailItem>
            )}
            <DetailItem label="Locker Number">{orNA(pkg.lockerNumber)}</DetailItem>
            <DetailItem label="Tracking Number">{orNA(pkg.externalTrackingNumber)}</DetailItem>
            <DetailItem label="Photo Request">
              {pkg.photoRequested ? <PhotoRequestedBadge /> : <span className="text-muted">None open</span>}
            </DetailItem>
          </Section>

          {isOpen && Services && (
            <Suspense fallback={<Skeleton className="h-20 w-full" />}>
              <Services pkg={pkg} />
            </Suspense>
          )}

          {isOpen && <ReceiptPhotos packageId={pkg.id} />}

          <Section title="Declared value">
            <DetailItem label="Quantity">{pkg.quantity}</DetailItem>
            <DetailItem label="Currency">{orNA(pkg.currency)}</DetailItem>
            <DetailItem label="Unit Price">{formatMoney(pkg.unitPrice, pkg.currency)}</DetailItem>
            <DetailItem label="Total Price">
              <span className="font-semibold">{formatMoney(pkg.totalPrice, pkg.currency)}</span>
            </DetailItem>
          </Section>

          {isOpen && (
            <Suspense fallback={<DeclarationPlaceholder />}>
              <DeclarationSection pkg={pkg} declare={declare} />
            </Suspense>
          )}

          <Section title="Weight and size">
            <DetailItem label="Package Weight">{formatKg(pkg.packageWeight)}</DetailItem>
            <DetailItem label="Unit Weight">{formatKg(pkg.unitWeight)}</DetailItem>
            <DetailItem label="Dimensions (L × B × H)" className="col-span-full">
              {formatDimensions(pkg.packageLength, pkg.packageBreadth, pkg.packageHeight)}
            </DetailItem>
          </Section>

          <Section title="Notes">
            <DetailItem label="Description" className="col-span-full">
              <span className="whitespace-pre-line">{orNA(pkg.description)}</span>
            </DetailItem>
            <DetailItem label="Warehouse Notes" className="col-span-full">
              <span className="whitespace-pre-line">{orNA(pkg.notes)}</span>
            </DetailItem>
          </Section>

          <p className="text-sm text-muted">
            Something wrong with this package?{' '}
            <Link to={supportPath({ type: 'package', ref: pkg.hopboxId })} className="font-medium text-accent-fg hover:underline">
              Contact support
            </Link>
            {/* A package still in the locker can be claimed weighed wrong (decision 066); the form shows every window. */}
            {pkg.leftAs === null && (
              <>
                {' or '}
                <Link to={fileClaimPath({ packageId: pkg.id, ref: pkg.hopboxId })} className="font-medium text-accent-fg hover:underline">
                  file a claim
                </Link>
              </>
            )}
          </p>
        </ModalDetails>
      )}
    </Modal>
  );
}
