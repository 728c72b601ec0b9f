import { transitWords } from '@hopbox/contracts/carrier-options';
import { fileClaimPath } from '@hopbox/contracts/claim-path';
import { dutiesWords } from '@hopbox/contracts/duties';
import { formatMoney, sumMoney } from '@hopbox/contracts/money';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { supportPath } from '@hopbox/contracts/support-path';
import { carrierLabel } from '@hopbox/contracts/tracking';
import { FileDown, RotateCcw, Route, ShieldCheck, ShieldOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { CopyableValue } from '@/components/copy-button';
import { DetailItem } from '@/components/detail-list';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { PaymentStatusBadge, ShipmentStatusBadge } from '@/components/status-badges';
import { errorMessage } from '@/lib/api-errors';
import { formatDateTime, formatWeight, packageIdsOf } from '@/lib/format';
import { saveObjectUrl } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { fetchCommercialInvoice } from '../api/get-commercial-invoice';
import { useShipmentRefunds } from '../api/get-shipment-refunds';
import { useShipmentTracking } from '../api/get-shipment-tracking';
import { DestinationAddress } from './destination-address';
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

/** The insurance bought with the payment: its cover, or that there is none. */
export function InsuranceLine({ shipment }: { shipment: Pick<SentShipment, 'insured' | 'insuredValue'> }) {
  const insured = shipment.insured && shipment.insuredValue !== null;
  const Icon = insured ? ShieldCheck : ShieldOff;
  return (
    <p className="flex items-center gap-2 text-sm text-fg">
      <Icon className={insured ? 'size-4 shrink-0 text-green-600 dark:text-green-400' : 'size-4 shrink-0 text-muted'} aria-hidden="true" />
      {insured ? `Insured up to ${formatMoney(shipment.insuredValue, 'AED')}` : 'Not insured'}
    </p>
  );
}

/** Saves a fetched file under `fileName`; the object URL is let go once the browser has taken its copy. */
function saveBlob(blob: Blob, fileName: string) {
  const objectUrl = URL.createObjectURL(blob);
  saveObjectUrl(objectUrl, fileName);
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** Fetches the commercial invoice with the session (never a token in an address) and saves it. */
function InvoiceButton({ shipment }: { shipment: SentShipment }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      saveBlob(await fetchCommercialInvoice(shipment.id), `commercial-invoice-${shipment.shipmentId}.pdf`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not download the commercial invoice'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={loading} onClick={() => void download()} className="w-full sm:w-auto">
      {!loading && <FileDown className="size-3.5" aria-hidden="true" />}
      Download commercial invoice
    </Button>
  );
}

/** Money given back from the shipment's payment (decision 045): each refund's amount, date and reason; nothing when none. */
function Refunds({ shipment }: { shipment: SentShipment }) {
  const refunds = useShipmentRefunds(shipment.id);
  if (refunds.isError)
    return <LoadError message={errorMessage(refunds.error, 'Could not load the refunds')} onRetry={() => void refunds.refetch()} />;
  if (!refunds.data || refunds.data.length === 0) return null;
  const currency = refunds.data[0]?.currency ?? shipment.currency;
  return (
    <section aria-labelledby="refunds-heading" className="max-w-md space-y-2">
      <h4 id="refunds-heading" className="flex items-center gap-2 text-sm font-medium text-fg">
        <RotateCcw className="size-4 text-muted" aria-hidden="true" />
        Refunded: {formatMoney(sumMoney(refunds.data.map((r) => r.amount)), currency)}
      </h4>
      <ul className="divide-y divide-line rounded-lg border border-line text-sm">
        {refunds.data.map((r) => (
          <li key={`${r.createdAt}-${r.orderRef}-${r.amount}`} className="space-y-0.5 px-3.5 py-2">
            <div className="flex items-baseline justify-between gap-4">
              <span className="text-muted">
                Refund on <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </span>
              <span className="whitespace-nowrap font-medium tabular-nums text-fg">{formatMoney(r.amount, r.currency)}</span>
            </div>
            <p className="break-words text-fg">{r.reason}</p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">
        Refunds go back to the card you paid with; your bank usually shows them within 5 to 10 working days.
      </p>
    </section>
  );
}

/** What was paid, line by line (shipping, insurance, storage fees), the insurance, and the customs invoice. */
function PaymentSection({ shipment: s }: { shipment: SentShipment }) {
  return (
    <section aria-labelledby="payment-heading" className="space-y-3 border-t border-line pt-5">
      <h3 id="payment-heading" className="text-sm font-semibold text-fg">
        Payment
      </h3>
      {s.priceBreakdown.length > 0 && (
        <dl className="max-w-md divide-y divide-line rounded-lg border border-line text-sm">
          {s.priceBreakdown.map((line) => (
            <div key={line.label} className="flex items-baseline justify-between gap-4 px-3.5 py-2">
              <dt className="text-muted">{line.label}</dt>
              <dd className="whitespace-nowrap tabular-nums text-fg">{formatMoney(line.amount, s.currency)}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-4 bg-subtle px-3.5 py-2 font-semibold">
            <dt className="text-fg">Total paid</dt>
            <dd className="whitespace-nowrap tabular-nums text-fg">{formatMoney(s.amount, s.currency)}</dd>
          </div>
        </dl>
      )}
      <Refunds shipment={s} />
      {s.duties && (
        <p className="text-sm text-muted" data-testid="duties-terms">
          {dutiesWords(s.duties)}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <InsuranceLine shipment={s} />
        <InvoiceButton shipment={s} />
      </div>
    </section>
  );
}

/** The carrier it was booked with, else the option paid for (decision 070), else why there is none. */
function carrierWords(s: SentShipment) {
  const chosen = s.carrierOption ? `${s.carrierOption.name}, ${transitWords(s.carrierOption.transitDays)}` : null;
  if (s.carrier) return chosen ?? carrierLabel(s.carrier);
  if (s.awb) return 'Booked outside Hopbox';
  return chosen ? `${chosen} (not booked yet)` : 'Not booked yet';
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
            <span className="ml-auto flex flex-wrap gap-x-4 gap-y-1">
              {/* Lost, damaged or missing items are claimed once a shipment is with the carrier (decision 066). */}
              {(s.shipmentStatus === 'Shipped' || s.shipmentStatus === 'Delivered') && (
                <Link
                  to={fileClaimPath({ shipmentId: s.id, ref: s.shipmentId })}
                  className="text-sm font-medium text-accent-fg hover:underline"
                >
                  File a claim
                </Link>
              )}
              <Link
                to={supportPath({ type: 'shipment', ref: s.shipmentId })}
                className="text-sm font-medium text-accent-fg hover:underline"
              >
                Contact support
              </Link>
            </span>
          </div>
          <TrackingSection shipment={s} />
          <DestinationAddress shipment={s} />
          <PaymentSection shipment={s} />
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
            <DetailItem label="Carrier">{carrierWords(s)}</DetailItem>
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
