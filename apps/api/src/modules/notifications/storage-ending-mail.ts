import { formatMoney } from '@hopbox/contracts/money';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, itemsBlock, layout, mailDateTime } from '../../providers/mail/templates.ts';

/** A package whose free storage ends soon, as the reminder lists it. */
export interface StorageEndingPackage {
  hopboxId: string;
  packageContent: string;
  freeUntil: Date;
  /** AED per started day after freeUntil. */
  feePerDay: number;
}

/**
 * The reminder 7 and 2 days before free storage ends (issue "Declare, insure"): every package of the
 * customer reaching a threshold in one mail, each with the date its free storage ends and what a day
 * costs after it, so a fee never comes as a surprise.
 */
export function storageEndingMail(brand: Brand, to: string, firstName: string, pkgs: StorageEndingPackage[]): MailMessage {
  const one = pkgs.length === 1 ? pkgs[0] : undefined;
  const subject = one
    ? `Free storage of ${one.hopboxId} ends ${mailDateTime(one.freeUntil, brand.timeZone)}`
    : `Free storage of ${pkgs.length} packages ends soon`;
  return layout(
    brand,
    to,
    subject,
    [
      `Hello ${firstName},`,
      one
        ? `The free storage of your package ${one.hopboxId} (${one.packageContent}) ends soon. After that, each day it stays in our warehouse costs a storage fee, added to the price of the shipment that takes it.`
        : `The free storage of ${pkgs.length} of your packages ends soon. After that, each day a package stays in our warehouse costs a storage fee, added to the price of the shipment that takes it.`,
      itemsBlock(
        'Packages',
        [`${brand.brandName} ID`, 'Content', 'Free until', 'Then per day'],
        pkgs.map((p) => [p.hopboxId, p.packageContent, mailDateTime(p.freeUntil, brand.timeZone), formatMoney(p.feePerDay, 'AED')]),
      ),
      'Ship or consolidate them before then to pay no storage fee. You can switch these reminders off on your Profile page.',
    ],
    { label: 'View Received Packages', url: `${brand.publicUrl}/received-packages` },
  );
}
