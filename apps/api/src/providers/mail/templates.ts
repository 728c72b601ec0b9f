import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

interface Brand {
  brandName: string;
  publicUrl: string;
}

/** The branded HTML frame every mail shares, with a plain-text part beside it. */
function layout(
  brand: Brand,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  imageCid?: string,
): MailMessage {
  const htmlParagraphs = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const image = imageCid
    ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(imageCid)}" alt="Photo taken at receipt" width="480" style="max-width:100%;border-radius:8px"></p>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px"><tr><td><h1 style="margin:0 0 24px;font-size:20px;color:#4f46e5">${escapeHtml(brand.brandName)}</h1>${htmlParagraphs}${image}${button}<p style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(brand.brandName)} · <a href="${escapeHtml(brand.publicUrl)}" style="color:#6b7280">${escapeHtml(brand.publicUrl)}</a></p></td></tr></table></td></tr></table></body></html>`;
  const text = [brand.brandName, '', ...paragraphs.flatMap((p) => [p, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : [])].join(
    '\n',
  );
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
      'If this was not you, reset your password at once and contact support.',
    ],
    { label: 'Sign in', url: `${brand.publicUrl}/signin` },
  );
}

export function emailChangedMail(brand: Brand, to: string, firstName: string, newEmail: string): MailMessage {
  return layout(brand, to, `The email of your ${brand.brandName} account was changed`, [
    `Hello ${firstName},`,
    `The email address of your ${brand.brandName} account was just changed from ${to} to ${newEmail}, and every other signed-in device was signed out. Mail about your account now goes to the new address.`,
    'If this was not you, contact support at once and reply to this email: someone who knows your password may have taken over your account.',
  ]);
}

export function packageReceivedMail(
  brand: Brand,
  to: string,
  firstName: string,
  pkg: { hopboxId: string; shipper: string; packageContent: string; origin: string },
  hasPhoto: boolean,
): MailMessage {
  const message = layout(
    brand,
    to,
    `A package arrived in your locker: ${pkg.hopboxId}`,
    [
      `Hello ${firstName},`,
      `We received a package from ${pkg.shipper} (${pkg.packageContent}) at our ${pkg.origin} warehouse. Its ${brand.brandName} ID is ${pkg.hopboxId}.`,
      hasPhoto ? 'A photo taken at receipt is attached.' : 'You can review its details, ask for photos or ship it from your portal.',
    ],
    { label: 'View received packages', url: `${brand.publicUrl}/received-packages` },
    hasPhoto ? 'photo-1' : undefined,
  );
  return message;
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
    { label: 'View photo requests', url: `${brand.publicUrl}/photo-requests` },
  );
}

export function shipmentPaidMail(
  brand: Brand,
  to: string,
  firstName: string,
  receipt: { shipmentIds: string[]; amount: string; currency: string; reference: string },
): MailMessage {
  return layout(
    brand,
    to,
    `Payment received: ${receipt.amount} ${receipt.currency}`,
    [
      `Hello ${firstName},`,
      `Thank you for your payment of ${receipt.amount} ${receipt.currency} for shipment ${receipt.shipmentIds.join(', ')}.`,
      `Payment reference: ${receipt.reference}. Keep it for your records; support will ask for it.`,
    ],
    { label: 'View sent shipments', url: `${brand.publicUrl}/sent-shipment` },
  );
}

export function shipmentShippedMail(brand: Brand, to: string, firstName: string, shipmentId: string, awb: string | null): MailMessage {
  return layout(
    brand,
    to,
    `Shipment ${shipmentId} is on its way`,
    [
      `Hello ${firstName},`,
      `Your shipment ${shipmentId} has left our warehouse.`,
      awb ? `Air waybill (AWB): ${awb}.` : 'The air waybill number will follow.',
    ],
    { label: 'Track in sent shipments', url: `${brand.publicUrl}/sent-shipment` },
  );
}

export function consolidationReadyMail(
  brand: Brand,
  to: string,
  firstName: string,
  ready: { shipmentId: string; amount: string; currency: string; packedWeight: number; packedSize: string; payUrl: string },
): MailMessage {
  return layout(
    brand,
    to,
    `Consolidation ${ready.shipmentId} is packed: ${ready.amount} ${ready.currency} to ship it`,
    [
      `Hello ${firstName},`,
      `We have packed your consolidation ${ready.shipmentId} into one box: ${ready.packedWeight} kg, ${ready.packedSize} cm.`,
      `Shipping it costs ${ready.amount} ${ready.currency}, priced from the packed box. Pay to send it on its way.`,
    ],
    { label: `Pay ${ready.amount} ${ready.currency}`, url: ready.payUrl },
  );
}
