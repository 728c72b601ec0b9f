import { PACKAGE_REQUEST_LIFECYCLE, type PackageRequestStatus, statusLabel } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import { PACKAGE_REQUEST_TYPE_LABELS, type PackageRequestType } from '@hopbox/contracts/package-requests';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, detailsBlock, layout, sectionBlock } from '../../providers/mail/templates.ts';

/** A package request as its mail tells it (decision 061). */
export interface MovedPackageRequest {
  hopboxId: string;
  type: PackageRequestType;
  status: PackageRequestStatus;
  fee: number;
  currency: string;
  staffNotes: string | null;
  /** The Hopbox IDs of the parcels a split made. */
  parcels?: string[];
  /** A return's carrier and tracking number. */
  returned?: { carrier: string; trackingNumber: string };
  /** A refused request's paid fee, given back to the account balance (decision 068). */
  feeReturned?: number;
}

/** What happened, in one sentence per status. */
function whatHappened(r: MovedPackageRequest): string {
  const what = PACKAGE_REQUEST_TYPE_LABELS[r.type].toLowerCase();
  if (r.status === 'IN_PROGRESS') return `Our warehouse has started on your request (${what}) for package ${r.hopboxId}.`;
  if (r.status === 'REJECTED') return `Our warehouse could not do your request (${what}) for package ${r.hopboxId}. Nothing was changed.`;
  if (r.type === 'SPLIT') return `Package ${r.hopboxId} was split into ${r.parcels?.length ?? 0} parcels, now in your locker.`;
  if (r.type === 'RETURN_TO_SENDER') return `Package ${r.hopboxId} is on its way back to its sender.`;
  if (r.type === 'DISCARD') return `Package ${r.hopboxId} was discarded, as you asked.`;
  return `Your request (${what}) for package ${r.hopboxId} is done: its new weight and size are in your locker.`;
}

/** The customer is told each time staff move a request: started, done (with what came of it) or refused. */
export function packageRequestMail(brand: Brand, to: string, firstName: string, r: MovedPackageRequest): MailMessage {
  const status = statusLabel(PACKAGE_REQUEST_LIFECYCLE, r.status);
  const rows: [string, string][] = [
    ['Package', r.hopboxId],
    ['Request', PACKAGE_REQUEST_TYPE_LABELS[r.type]],
    ['Status', status],
    ['Fee', formatMoney(r.fee, r.currency)],
  ];
  if (r.parcels?.length) rows.push(['New parcels', r.parcels.join(', ')]);
  if (r.returned) rows.push(['Carrier', r.returned.carrier], ['Tracking number', r.returned.trackingNumber]);
  if (r.feeReturned) rows.push(['Returned to your account balance', formatMoney(r.feeReturned, r.currency)]);
  return layout(
    brand,
    to,
    `${PACKAGE_REQUEST_TYPE_LABELS[r.type]} for ${r.hopboxId}: ${status}`,
    [
      `Hello ${firstName},`,
      whatHappened(r),
      detailsBlock(rows),
      ...(r.staffNotes ? [sectionBlock('From the warehouse', r.staffNotes)] : []),
    ],
    { label: 'View Received Packages', url: `${brand.publicUrl}/received-packages` },
  );
}
