import { CLAIM_CURRENCY } from '@hopbox/contracts/claims';
import { formatMoney } from '@hopbox/contracts/money';
import { REQUEST_TYPE_LABELS } from '@hopbox/contracts/photo-request-statuses';
import type { ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { TitledCard } from '@/components/card';
import { DetailItem } from '@/components/detail-list';
import { PhotoStrip } from '@/components/photo-strip';
import { ConditionBadge, PaymentStatusBadge, PHOTO_STATUS_TONES, ShipmentStatusBadge } from '@/components/status-badges';
import { enumLabel, formatDateTime, formatDimensions, formatWeight } from '@/lib/format';
import type { ClaimDetail } from '../api/staff-claims';

type Evidence = ClaimDetail['evidence'];
type PackageEvidence = Evidence['packages'][number];
type ShipmentEvidence = NonNullable<Evidence['shipment']>;

/** A titled part of a record's evidence; `empty` says so when there is nothing in it. */
function Part({ title, children, empty }: { title: string; children: ReactNode; empty?: string | false }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {empty ? <p className="text-sm text-muted">{empty}</p> : children}
    </div>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">{children}</dl>;
}

/** One package claimed on (or in the shipment claimed on): where it sits, how it came in, its photos and declaration. */
function PackageCard({ pkg }: { pkg: PackageEvidence }) {
  return (
    <TitledCard title={<span className="font-mono">{pkg.hopboxId}</span>} description={pkg.packageContent}>
      <div className="space-y-5 px-5 py-4 sm:px-6">
        <Facts>
          <DetailItem label="Location">
            {pkg.location ? (
              <span className="font-mono font-semibold">{pkg.location}</span>
            ) : (
              <span className="text-muted">Not shelved</span>
            )}
          </DetailItem>
          <DetailItem label="Weight">{formatWeight(pkg.packageWeight)}</DetailItem>
          <DetailItem label="At receipt">
            <ConditionBadge condition={pkg.condition} />
          </DetailItem>
          <DetailItem label="Received">{formatDateTime(pkg.receivedAt)}</DetailItem>
        </Facts>
        <Part title="Receipt photos" empty={pkg.receiptPhotos.length === 0 && 'No photos were taken at receipt.'}>
          <PhotoStrip photos={pkg.receiptPhotos} label={`Receipt photos of ${pkg.hopboxId}`} />
        </Part>
        <Part title="Photo requests" empty={pkg.photoRequests.length === 0 && 'The customer asked for no photos.'}>
          <ul className="space-y-3">
            {pkg.photoRequests.map((r) => (
              <li key={r.id} className="space-y-2 rounded-lg border border-line p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium text-fg">{REQUEST_TYPE_LABELS[r.requestType]}</span>
                  <Badge tone={PHOTO_STATUS_TONES[r.status]} dot>
                    {enumLabel(r.status)}
                  </Badge>
                  <span className="text-xs text-muted">asked {formatDateTime(r.requestedDate)}</span>
                </div>
                {r.notes && <p className="text-sm text-muted">“{r.notes}”</p>}
                {r.photos.length > 0 ? (
                  <PhotoStrip photos={r.photos} label={`Photos of request ${r.id} for ${pkg.hopboxId}`} />
                ) : (
                  <p className="text-xs text-muted">No photos yet.</p>
                )}
              </li>
            ))}
          </ul>
        </Part>
        <Part title="Declaration" empty={pkg.declaration.length === 0 && 'Not declared.'}>
          <ul className="divide-y divide-line rounded-lg border border-line text-sm">
            {pkg.declaration.map((item, i) => (
              <li key={`${item.description}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2">
                <span className="min-w-0 text-fg">
                  {item.quantity} × {item.description}
                  {(item.hsCode || item.originCountry) && (
                    <span className="block text-xs text-muted">
                      {[item.hsCode && `HS ${item.hsCode}`, item.originCountry && `made in ${item.originCountry}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                </span>
                <span className="shrink-0 tabular-nums text-fg">{formatMoney(item.unitValue * item.quantity, item.currency)}</span>
              </li>
            ))}
          </ul>
        </Part>
      </div>
    </TitledCard>
  );
}

/** The shipment: its progress, what was paid, the packed box and the carrier's timeline, newest first. */
function ShipmentCard({ shipment }: { shipment: ShipmentEvidence }) {
  const box = shipment.packedBox;
  return (
    <TitledCard title={<span className="font-mono">{shipment.shipmentId}</span>} description="The shipment">
      <div className="space-y-5 px-5 py-4 sm:px-6">
        <Facts>
          <DetailItem label="Status">
            <ShipmentStatusBadge status={shipment.status} />
          </DetailItem>
          <DetailItem label="Payment">
            <PaymentStatusBadge status={shipment.paymentStatus} />
          </DetailItem>
          <DetailItem label="Paid">
            <span className="tabular-nums">{shipment.paymentStatus === 'Paid' ? formatMoney(shipment.amount, CLAIM_CURRENCY) : '—'}</span>
          </DetailItem>
          <DetailItem label="AWB">{shipment.awb ? <span className="font-mono">{shipment.awb}</span> : '—'}</DetailItem>
          <DetailItem label="Shipped">{shipment.shippedAt ? formatDateTime(shipment.shippedAt) : '—'}</DetailItem>
          <DetailItem label="Delivered">{shipment.deliveredAt ? formatDateTime(shipment.deliveredAt) : '—'}</DetailItem>
        </Facts>
        <Part title="Packed box" empty={!box && 'No packed box was recorded: the parcel went as it came in.'}>
          {box && (
            <p className="text-sm text-fg">
              {formatWeight(box.packedWeight)} · {formatDimensions(box.packedLength, box.packedBreadth, box.packedHeight)}
            </p>
          )}
        </Part>
        <Part title="Tracking" empty={shipment.events.length === 0 && 'The carrier has reported nothing yet.'}>
          <ol aria-label="Tracking timeline" className="space-y-3 border-l border-line pl-4">
            {shipment.events.map((e, i) => (
              <li key={`${e.at}-${i}`} className="relative">
                <span
                  aria-hidden="true"
                  className={`absolute top-1.5 -left-[21px] size-2.5 rounded-full ring-2 ring-surface ${i === 0 ? 'bg-accent' : 'bg-line-strong'}`}
                />
                <p className="text-sm font-medium text-fg">{e.status}</p>
                <p className="text-xs text-muted">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  {e.location ? ` · ${e.location}` : ''}
                </p>
                {e.description && e.description !== e.status && <p className="text-sm text-muted">{e.description}</p>}
              </li>
            ))}
          </ol>
        </Part>
      </div>
    </TitledCard>
  );
}

/** What the product already knows of a claim's subject, each package and then the shipment. */
export function ClaimEvidence({ evidence }: { evidence: Evidence }) {
  return (
    <section aria-label="Evidence" className="space-y-4">
      {evidence.packages.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} />
      ))}
      {evidence.shipment && <ShipmentCard shipment={evidence.shipment} />}
    </section>
  );
}
