import { type AddressField, shoppingAddress } from '@hopbox/contracts/host-address';
import type { Host } from '@hopbox/contracts/hosts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, layout, type MailBlock } from '../../providers/mail/templates.ts';

/** A warehouse as the welcome mail lists it. */
export type Warehouse = Pick<Host, 'name' | 'address' | 'city' | 'country' | 'postalCode' | 'phone'>;

/** The new account as the welcome mail names it. */
export interface WelcomedAccount {
  fullName: string;
  lockerNumber: string | null;
}

const LABEL =
  'class="hb-cell hb-muted" style="padding:8px 12px 6px 0;border-top:1px solid #e5e7eb;vertical-align:top;white-space:nowrap;font-size:12px;color:#6b7280"';
const VALUE = 'class="hb-cell hb-strong" style="padding:6px 0;border-top:1px solid #e5e7eb;vertical-align:top;overflow-wrap:anywhere"';

/**
 * One warehouse's address as a shop's checkout asks for it (decision 052): the customer's name first, then the
 * form's lines in its order, each labelled; a line the warehouse has not got is left out, as "Copy address" does.
 */
function lockerAddressBlock(warehouse: string, fields: AddressField[]): MailBlock {
  const filled = fields.filter((f): f is AddressField & { value: string } => Boolean(f.value));
  const rows = filled.map((f) => `<tr><td ${LABEL}>${escapeHtml(f.label)}</td><td ${VALUE}>${escapeHtml(f.value)}</td></tr>`).join('');
  return {
    html: `<p class="hb-strong" style="margin:0 0 8px;font-weight:600">${escapeHtml(warehouse)}</p><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse;font-size:14px">${rows}</table>`,
    text: [warehouse, ...filled.map((f) => `${f.label}: ${f.value}`)].join('\n'),
  };
}

/**
 * Sign-up's welcome (decision 057): the locker number, and each active warehouse's address for the customer to
 * shop with, ready to type into a checkout; the button opens the dashboard, which shows the same addresses with a
 * copy button for each line.
 */
export function welcomeMail(brand: Brand, to: string, firstName: string, account: WelcomedAccount, warehouses: Warehouse[]): MailMessage {
  const locker = account.lockerNumber;
  return layout(
    brand,
    to,
    locker ? `Welcome to ${brand.brandName}: your locker ${locker}` : `Welcome to ${brand.brandName}`,
    [
      `Hello ${firstName},`,
      locker
        ? `Welcome to ${brand.brandName}. Your account is ready, and your personal locker number is ${locker}.`
        : `Welcome to ${brand.brandName}. Your account is ready.`,
      warehouses.length > 0
        ? `When you shop online, ship your order to one of our warehouses below, with your name and locker number exactly as shown. We receive each parcel into your locker, tell you when it arrives, and ship it on to you, alone or together with your other parcels.`
        : 'Your locker addresses will be on your dashboard as soon as one of our warehouses opens.',
      ...warehouses.map((w) => lockerAddressBlock(w.name, shoppingAddress(w, account.fullName, locker))),
      'Your dashboard shows the same addresses, with a copy button for each line. Sign in with this email address and the password you chose.',
    ],
    { label: 'Open your dashboard', url: `${brand.publicUrl}/dashboard` },
  );
}
