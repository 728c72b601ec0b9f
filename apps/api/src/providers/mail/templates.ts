import { formatMoney } from '@hopbox/contracts/money';
import { supportPath } from '@hopbox/contracts/support-path';
import { carrierLabel, trackingPath } from '@hopbox/contracts/tracking';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

export interface Brand {
  brandName: string;
  publicUrl: string;
  /** The business time zone (BUSINESS_TIME_ZONE) a mail's times are written in; UTC when not given. */
  timeZone?: string;
  /** The support team's inbox (SUPPORT_EMAIL), for a customer who cannot sign in to write from the portal. */
  supportEmail?: string;
}

/** Where a customer who cannot sign in (someone else took the account) writes to. */
export const supportInbox = (brand: Brand) => brand.supportEmail ?? `our support team`;

/**
 * "24 Nov 2026, 14:05 GST": a mail is read far from the server, so a time of day is written in the
 * configured business zone and always names it (decision 032).
 */
export function mailDateTime(date: Date | string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(date));
}

/** A block of a mail that is not a plain paragraph (a details or items table), in both parts. */
export interface MailBlock {
  html: string;
  text: string;
}
type Part = string | MailBlock;

/**
 * Light colours are inline (mail clients that drop <style> still show them); clients that honour
 * prefers-color-scheme get the dark ones from the <style> block, hence !important.
 */
const MAIL_STYLE = `<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
.hb-card p{overflow-wrap:anywhere;word-break:break-word}
img{max-width:100%;height:auto}
@media (prefers-color-scheme:dark){
.hb-page{background:#020617 !important}
.hb-card{background:#0f172a !important;color:#e2e8f0 !important}
.hb-brand{color:#a5b4fc !important}
.hb-muted,.hb-muted a{color:#94a3b8 !important}
.hb-cell{border-color:#1e293b !important}
.hb-strong{color:#f1f5f9 !important}
}
</style>`;

const CELL =
  'class="hb-cell" style="padding:8px 0;border-top:1px solid #e5e7eb;vertical-align:top;overflow-wrap:anywhere;word-break:break-word"';

/** Label and value rows (a package's weight, declared value…), one per line in the text part. */
export function detailsBlock(rows: [label: string, value: string][]): MailBlock {
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;font-size:14px">${rows
    .map(
      ([label, value]) =>
        `<tr><td ${CELL.replace('padding:8px 0', 'padding:8px 12px 8px 0')}><span class="hb-muted" style="color:#6b7280">${escapeHtml(label)}</span></td><td ${CELL} align="right"><strong class="hb-strong">${escapeHtml(value)}</strong></td></tr>`,
    )
    .join('')}</table>`;
  return { html, text: rows.map(([label, value]) => `${label}: ${value}`).join('\n') };
}

/** A captioned paragraph (a destination address), "Caption: text" in the text part. */
export function sectionBlock(caption: string, text: string): MailBlock {
  return {
    html: `<p class="hb-strong" style="margin:0 0 4px;font-weight:600">${escapeHtml(caption)}</p><p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`,
    text: `${caption}: ${text}`,
  };
}

/**
 * A small table with a header row (the items of a receipt); the text part lists one item a line.
 * Only the middle column wraps: IDs and weights stay whole on a phone.
 */
export function itemsBlock(caption: string, headers: string[], rows: string[][]): MailBlock {
  const last = headers.length - 1;
  const cellStyle = (i: number) => `padding:8px ${i === last ? '0' : '8px'} 8px 0;${i === 0 || i === last ? 'white-space:nowrap;' : ''}`;
  const head = headers
    .map(
      (h, i) =>
        `<th align="${i === last ? 'right' : 'left'}" class="hb-muted" style="${cellStyle(i)
          .replace('8px 0;', '6px 0;')
          .replace(/^padding:8px/, 'padding:0')}white-space:nowrap;font-size:12px;font-weight:600;color:#6b7280">${escapeHtml(h)}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${r
          .map(
            (cell, i) =>
              `<td class="hb-cell"${i === last ? ' align="right"' : ''} style="${cellStyle(i)}border-top:1px solid #e5e7eb;vertical-align:top;${i === 0 || i === last ? '' : 'overflow-wrap:anywhere;word-break:break-word'}">${escapeHtml(cell)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  const html = `<p class="hb-strong" style="margin:0 0 8px;font-weight:600">${escapeHtml(caption)}</p><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;font-size:14px"><tr>${head}</tr>${body}</table>`;
  return { html, text: [caption, ...rows.map((r) => `- ${r.join(' · ')}`)].join('\n') };
}

/**
 * The branded HTML frame every mail shares, with a plain-text part beside it. Fluid: the card is
 * 100% wide up to 560 px, so a 375 px phone never scrolls sideways; long IDs and links wrap.
 */
export function layout(
  brand: Brand,
  to: string,
  subject: string,
  parts: Part[],
  action?: { label: string; url: string },
  imageCids: string[] = [],
): MailMessage {
  const htmlParts = parts
    .map((p) => (typeof p === 'string' ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>` : p.html))
    .join('');
  const images = imageCids
    .map(
      (cid, i) =>
        `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(cid)}" alt="Photo ${i + 1} taken at receipt" style="display:block;width:100%;max-width:480px;height:auto;border-radius:8px"></p>`,
    )
    .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p class="hb-muted" style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">${MAIL_STYLE}</head><body class="hb-page" style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><table role="presentation" class="hb-page" width="100%" cellpadding="0" cellspacing="0" style="width:100%;background:#f3f4f6"><tr><td align="center" style="padding:24px 12px"><table role="presentation" class="hb-card" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;color:#111827;border-radius:12px"><tr><td style="padding:24px;overflow-wrap:anywhere;word-break:break-word"><h1 class="hb-brand" style="margin:0 0 24px;font-size:20px;color:#4f46e5">${escapeHtml(brand.brandName)}</h1>${htmlParts}${images}${button}<p class="hb-muted" style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(brand.brandName)} · <a href="${escapeHtml(brand.publicUrl)}" style="color:#6b7280">${escapeHtml(brand.publicUrl)}</a></p></td></tr></table></td></tr></table></body></html>`;
  const text = [
    brand.brandName,
    '',
    ...parts.flatMap((p) => [typeof p === 'string' ? p : p.text, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
  ].join('\n');
  return { to, subject, text, html };
}

export function resetPasswordMail(brand: Brand, to: string, firstName: string, link: string, validMinutes: number): MailMessage {
  return layout(
    brand,
    to,
    `Reset your ${brand.brandName} password`,
    [
      `Hello ${firstName},`,
      `We received a request to reset the password of your ${brand.brandName} account. The link below is valid for ${validMinutes} minutes and can be used once.`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    { label: 'Reset password', url: link },
  );
}

export function passwordChangedMail(brand: Brand, to: string, firstName: string): MailMessage {
  return layout(
    brand,
    to,
    `Your ${brand.brandName} password was changed`,
    [
      `Hello ${firstName},`,
      'The password of your account was just changed, and every other signed-in device was signed out.',
      `If this was not you, reset your password at once and write to ${supportInbox(brand)}.`,
    ],
    { label: 'Sign in', url: `${brand.publicUrl}/signin` },
  );
}

export function emailChangedMail(brand: Brand, to: string, firstName: string, newEmail: string): MailMessage {
  return layout(brand, to, `The email of your ${brand.brandName} account was changed`, [
    `Hello ${firstName},`,
    `The email address of your ${brand.brandName} account was just changed from ${to} to ${newEmail}, and every other signed-in device was signed out. Mail about your account now goes to the new address.`,
    `If this was not you, write at once to ${supportInbox(brand)}: someone who knows your password may have taken over your account.`,
  ]);
}

export interface ReceivedPackage {
  hopboxId: string;
  shipper: string;
  packageContent: string;
  origin: string;
  packageWeight: number;
  totalPrice: number;
  currency: string;
  /** When the warehouse received it (an ISO time or a Date). */
  receivedDate: string | Date;
}

/** What the mail says of the receipt photos; `attached` is exactly the number of images it carries. */
function receiptPhotosSentence(photos: { attached: number; total: number }) {
  if (photos.total === 0) return 'You can review its details, ask for photos or ship it from your portal.';
  if (photos.attached === photos.total)
    return photos.total === 1 ? 'A photo taken at receipt is attached.' : `The ${photos.total} photos taken at receipt are attached.`;
  return `${photos.attached} of the ${photos.total} photos taken at receipt ${photos.attached === 1 ? 'is' : 'are'} attached; all of them are in Package Details in your portal.`;
}

export function packageReceivedMail(
  brand: Brand,
  to: string,
  firstName: string,
  pkg: ReceivedPackage,
  photos: { attached: number; total: number } = { attached: 0, total: 0 },
): MailMessage {
  return layout(
    brand,
    to,
    `A package arrived in your locker: ${pkg.hopboxId}`,
    [
      `Hello ${firstName},`,
      `We received a package from ${pkg.shipper} (${pkg.packageContent}) at our ${pkg.origin} warehouse. Its ${brand.brandName} ID is ${pkg.hopboxId}.`,
      detailsBlock([
        [`${brand.brandName} ID`, pkg.hopboxId],
        ['Content', pkg.packageContent],
        ['Received', mailDateTime(pkg.receivedDate, brand.timeZone)],
        ['Weight', `${pkg.packageWeight} kg`],
        ['Declared value', formatMoney(pkg.totalPrice, pkg.currency)],
        ['Photos at receipt', String(photos.total)],
      ]),
      receiptPhotosSentence(photos),
    ],
    { label: 'View Received Packages', url: `${brand.publicUrl}/received-packages` },
    Array.from({ length: photos.attached }, (_, i) => `photo-${i + 1}`),
  );
}

export function photosReadyMail(brand: Brand, to: string, firstName: string, hopboxId: string, count: number): MailMessage {
  return layout(
    brand,
    to,
    `Your photos of ${hopboxId} are ready`,
    [
      `Hello ${firstName},`,
      `${count} photo${count === 1 ? '' : 's'} of your package ${hopboxId} ${count === 1 ? 'is' : 'are'} ready for viewing.`,
    ],
    { label: 'View Photo Requests', url: `${brand.publicUrl}/photo-requests` },
  );
}

/** What a receipt lists (the payments module's paid order). */
export interface ReceiptOrder {
  kind: 'single' | 'consolidation' | 'request';
  items: { ref: string; description: string; weightKg: number }[];
  destination: string;
  priceLines: { label: string; amount: number }[];
  total: number;
  currency: string;
  reference: string;
  /** The carrier chosen and what is left to pay at the door, in words. */
  terms: string[];
}

/** The itemized receipt: what was paid for, where it goes, the price lines, the total and the one reference. */
export function shipmentPaidMail(
  brand: Brand,
  to: string,
  firstName: string,
  receipt: { shipmentIds: string[]; order: ReceiptOrder },
): MailMessage {
  const { order } = receipt;
  const amount = formatMoney(order.total, order.currency);
  const single = order.kind !== 'consolidation';
  const request = order.kind === 'request';
  const paidFor = request
    ? `the service you asked for on package ${order.items[0]?.ref ?? ''}: the warehouse starts on it now`
    : `shipment ${receipt.shipmentIds.join(', ')}`;
  const parts: Part[] = [`Hello ${firstName},`, `Thank you for your payment of ${amount} for ${paidFor}.`];
  if (order.items.length > 0) {
    parts.push(
      itemsBlock(
        single ? 'Packages' : 'Consolidations',
        [single ? `${brand.brandName} ID` : 'Shipment', single ? 'Content' : 'Packed', 'Weight'],
        order.items.map((item) => [item.ref, item.description, `${item.weightKg} kg`]),
      ),
    );
  }
  if (order.destination) parts.push(sectionBlock('Destination', order.destination));
  parts.push(
    detailsBlock([
      ...order.priceLines.map((line): [string, string] => [line.label, formatMoney(line.amount, order.currency)]),
      ['Total paid', amount],
    ]),
    `Payment reference: ${order.reference}. Keep it for your records; support will ask for it.`,
  );
  if (order.terms.length > 0) parts.push(sectionBlock('Delivery', order.terms.join(' ')));
  const link = request
    ? { label: 'View the package', url: `${brand.publicUrl}/received-packages?package=${encodeURIComponent(order.items[0]?.ref ?? '')}` }
    : { label: 'View Sent Shipments', url: `${brand.publicUrl}/sent-shipment` };
  return layout(brand, to, `Payment received: ${amount}`, parts, link);
}

/** A shipment's carrier and the link to its timeline, as the tracking mails give them. */
export interface TrackedShipment {
  shipmentId: string;
  awb: string | null;
  carrier: string | null;
  /** The place and time of the event the mail is about, when the carrier gave them. */
  event?: { at: Date; location: string | null } | null;
}

const trackingUrl = (brand: Brand, shipmentId: string) => `${brand.publicUrl}${trackingPath(shipmentId)}`;

export function shipmentShippedMail(brand: Brand, to: string, firstName: string, shipment: TrackedShipment): MailMessage {
  const carrier = carrierLabel(shipment.carrier);
  return layout(
    brand,
    to,
    `Shipment ${shipment.shipmentId} is on its way`,
    [
      `Hello ${firstName},`,
      `Your shipment ${shipment.shipmentId} has left our warehouse${carrier ? ` with ${carrier}` : ''}.`,
      shipment.awb ? `Air waybill (AWB): ${shipment.awb}.` : 'The air waybill number will follow.',
      'Follow every step of its journey on its tracking timeline.',
    ],
    { label: 'Track your shipment', url: trackingUrl(brand, shipment.shipmentId) },
  );
}

export function shipmentDeliveredMail(brand: Brand, to: string, firstName: string, shipment: TrackedShipment): MailMessage {
  const where = shipment.event?.location ? ` in ${shipment.event.location}` : '';
  const when = shipment.event ? ` on ${mailDateTime(shipment.event.at, brand.timeZone)}` : '';
  return layout(
    brand,
    to,
    `Shipment ${shipment.shipmentId} was delivered`,
    [
      `Hello ${firstName},`,
      `Your shipment ${shipment.shipmentId} was delivered${where}${when}.`,
      shipment.awb ? `Air waybill (AWB): ${shipment.awb}.` : '',
      `If anything is missing or damaged, tell us within 7 days and keep the packaging: write to us from the shipment (${brand.publicUrl}${supportPath({ type: 'shipment', ref: shipment.shipmentId })}).`,
    ].filter(Boolean),
    { label: 'See the delivery', url: trackingUrl(brand, shipment.shipmentId) },
  );
}

export function consolidationReadyMail(
  brand: Brand,
  to: string,
  firstName: string,
  ready: {
    shipmentId: string;
    /** The total the customer is asked at checkout while the price is held: the lines below, summed. */
    amount: number;
    currency: string;
    lines: { label: string; amount: number }[];
    /** When the price was held, and until when checkout charges exactly it. */
    pricedAt: Date;
    heldUntil: Date;
    packedWeight: number;
    packedSize: string;
    payUrl: string;
    /** The choice the price is for and what else is on offer (decisions 070, 071), in words; absent before there was one. */
    choice?: string;
  },
): MailMessage {
  const amount = formatMoney(ready.amount, ready.currency);
  return layout(
    brand,
    to,
    `Consolidation ${ready.shipmentId} is packed: ${amount} to ship it`,
    [
      `Hello ${firstName},`,
      `We have packed your consolidation ${ready.shipmentId} into one box: ${ready.packedWeight} kg, ${ready.packedSize} cm.`,
      `Shipping it costs ${amount} as of ${mailDateTime(ready.pricedAt, brand.timeZone)}, priced from the packed box:`,
      detailsBlock([
        ...ready.lines.map((line): [string, string] => [line.label, formatMoney(line.amount, ready.currency)]),
        ['Total', amount],
      ]),
      ...(ready.choice ? [ready.choice] : []),
      `This is the price at checkout until ${mailDateTime(ready.heldUntil, brand.timeZone)}. After that, storage fees that accrue until you pay are added at checkout. Pay to send it on its way.`,
    ],
    { label: `Pay ${amount}`, url: ready.payUrl },
  );
}
