import type { Package } from '@hopbox/contracts/packages';
import { createPortal } from 'react-dom';
import QRCode from 'react-qr-code';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';
import { Code128 } from './barcode';
import './print-label.css';

export interface PackageLabelProps {
  /** Its locker is null while it waits unidentified (issue "Arrivals"). */
  pkg: Pick<Package, 'hopboxId' | 'receivedDate' | 'shipper'> & { lockerNumber: string | null };
  /** Null for a parcel nobody could match: the label then says so, and the Hopbox ID finds it again. */
  owner: { fullName: string } | null;
  className?: string;
}

/**
 * The sticker that goes on a received parcel: the Hopbox ID large, the locker and the customer,
 * a Code 128 barcode and a QR code of the Hopbox ID for scanners. Black on white in both themes. An unidentified
 * parcel's label says so in place of the locker and the customer.
 */
export function PackageLabel({ pkg, owner, className }: PackageLabelProps) {
  const { brandName } = useAppConfig();
  return (
    <div
      className={cn('w-full max-w-[420px] rounded-md border-2 border-black bg-white p-5 font-sans text-black', className)}
      style={{ colorScheme: 'light' }}
    >
      <div className="flex items-baseline justify-between gap-3 border-b-2 border-black pb-2">
        <span className="text-sm font-bold tracking-[0.2em] uppercase">{brandName}</span>
        <span className="text-xs">Received {formatShortDate(pkg.receivedDate)}</span>
      </div>
      <p className="mt-3 text-[11px] font-semibold tracking-widest uppercase">{brandName} ID</p>
      <p className="font-mono text-4xl leading-tight font-black tracking-tight break-all">{pkg.hopboxId}</p>
      <div className="mt-3 flex items-start justify-between gap-4">
        <dl className="min-w-0 space-y-2">
          <div>
            <dt className="text-[11px] font-semibold tracking-widest uppercase">Locker</dt>
            <dd className="font-mono text-2xl font-bold tracking-wide">{pkg.lockerNumber ?? 'UNIDENTIFIED'}</dd>
          </div>
          <div>
            <dt className="text-[11px] font-semibold tracking-widest uppercase">Customer</dt>
            <dd className="text-base font-semibold break-words">{owner?.fullName ?? 'Not known yet'}</dd>
          </div>
          <div>
            <dt className="text-[11px] font-semibold tracking-widest uppercase">Shipper</dt>
            <dd className="text-sm break-words">{pkg.shipper}</dd>
          </div>
        </dl>
        <QRCode value={pkg.hopboxId} size={112} level="M" className="shrink-0" role="img" aria-label={`QR code of ${pkg.hopboxId}`} />
      </div>
      <div className="mt-4 border-t-2 border-black pt-3">
        <Code128 value={pkg.hopboxId} className="h-auto w-full" />
      </div>
    </div>
  );
}

/** The copy that is printed: a child of <body>, shown only by print-label.css under @media print. */
export function PrintableLabel(props: PackageLabelProps) {
  return createPortal(
    <div className="hb-print-root" aria-hidden="true">
      <PackageLabel {...props} className="max-w-[100mm] border-[1.5pt]" />
    </div>,
    document.body,
  );
}
