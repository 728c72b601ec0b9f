import { CLAIM_RESOLUTION_LABELS, CLAIM_TYPE_LABELS, type ClaimPhoto } from '@hopbox/contracts/claims';
import { formatMoney } from '@hopbox/contracts/money';
import type { Attachment } from '@hopbox/contracts/photo-requests';
import { TitledCard } from '@/components/card';
import { DetailItem } from '@/components/detail-list';
import { PhotoStrip } from '@/components/photo-strip';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatDateTime, formatWeight } from '@/lib/format';
import { ClaimStatusBadge } from '../../components/claim-status-badge';
import type { ClaimDetail } from '../api/staff-claims';

/** A claim's photo as the photo strip shows any photo the API serves behind the session. */
const asAttachment = (photo: ClaimPhoto): Attachment => ({
  id: photo.id,
  fileName: photo.fileName,
  originalFileName: photo.fileName,
  fileSize: photo.fileSize,
  mimeType: photo.mimeType,
  fileUrl: photo.url,
  thumbnailUrl: photo.thumbnailUrl,
  createdAt: '',
});

/** Staff's word with each decision and the customer's answers, oldest first; staff's own side on the right. */
function ClaimThread({ claim }: { claim: ClaimDetail }) {
  const { brandName } = useAppConfig();
  if (claim.messages.length === 0)
    return <p className="text-sm text-muted">No messages yet: the customer hears from you with your decision.</p>;
  return (
    <ol aria-label="Messages" className="flex flex-col gap-3">
      {claim.messages.map((message, i) => {
        const staff = message.from === 'staff';
        const who = staff ? `${brandName} staff` : claim.customerName || 'Customer';
        return (
          <li key={`${message.createdAt}-${i}`} className={cn('flex', staff ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`${who}, ${formatDateTime(message.createdAt)}`}
              className={cn(
                'max-w-[min(36rem,92%)] min-w-0 rounded-lg border px-3.5 py-2.5',
                staff ? 'border-accent/30 bg-accent-soft' : 'border-line bg-surface',
              )}
            >
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                <span className="font-medium text-fg">{who}</span>
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                <ClaimStatusBadge status={message.status} />
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{message.body}</p>
              {message.photos.length > 0 && (
                <div className="mt-2">
                  <PhotoStrip photos={message.photos.map(asAttachment)} label={`Photos sent by ${who}`} />
                </div>
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** The claim as the customer filed it, what was decided, and the messages since. */
export function ClaimSummary({ claim }: { claim: ClaimDetail }) {
  return (
    <TitledCard title="The claim" description={`Filed ${formatDateTime(claim.createdAt)}`}>
      <div className="space-y-5 px-5 py-4 sm:px-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
          <DetailItem label="Type">{CLAIM_TYPE_LABELS[claim.type]}</DetailItem>
          <DetailItem label="Amount claimed">
            <span className="font-semibold tabular-nums">{formatMoney(claim.amount, claim.currency)}</span>
          </DetailItem>
          <DetailItem label={claim.hopboxId ? 'Package' : 'Shipment'}>
            <span className="font-mono">{claim.hopboxId ?? claim.shipmentRef}</span>
          </DetailItem>
          {claim.resolution && (
            <DetailItem label={CLAIM_RESOLUTION_LABELS[claim.resolution]}>
              <span className="font-semibold tabular-nums">{formatMoney(claim.resolvedAmount, claim.currency)}</span>
            </DetailItem>
          )}
          {claim.correctedWeight !== null && <DetailItem label="Corrected weight">{formatWeight(claim.correctedWeight)}</DetailItem>}
        </dl>
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-fg">What went wrong</h3>
          <p className="text-sm break-words whitespace-pre-wrap text-fg">{claim.description}</p>
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-fg">The customer's photos</h3>
          {claim.photos.length > 0 ? (
            <PhotoStrip photos={claim.photos.map(asAttachment)} label="The customer's photos" />
          ) : (
            <p className="text-sm text-muted">None sent with the claim.</p>
          )}
        </div>
        <div className="space-y-2 border-t border-line pt-4">
          <h3 className="text-sm font-semibold text-fg">Messages</h3>
          <ClaimThread claim={claim} />
        </div>
      </div>
    </TitledCard>
  );
}
