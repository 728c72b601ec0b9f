import { formatMoney, subtractMoney } from '@hopbox/contracts/money';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, detailsBlock, layout, mailDateTime, sectionBlock } from '../../providers/mail/templates.ts';

/** A refund as its mail tells it: the amount, why, and the payment it came from. */
export interface MadeRefund {
  /** Decimal amount given back now. */
  amount: number;
  currency: string;
  reason: string;
  /** The payment's reference, as the receipt gave it. */
  orderRef: string;
  /** What the payment took, and what of it has been given back so far (this refund included). */
  paid: number;
  refundedTotal: number;
  /** SHP… references of the shipments the payment was for; empty when none was made. */
  shipmentIds: string[];
  at: Date;
}

/**
 * The customer is told of every refund (decision 045): how much, why (staff's words, as given), from which
 * payment and when; a partial one also says what the payment still holds. Always sent, like the receipt.
 */
export function paymentRefundedMail(brand: Brand, to: string, firstName: string, refund: MadeRefund): MailMessage {
  const amount = formatMoney(refund.amount, refund.currency);
  const left = subtractMoney(refund.paid, refund.refundedTotal);
  const forWhat = refund.shipmentIds.length > 0 ? ` for shipment ${refund.shipmentIds.join(', ')}` : '';
  return layout(
    brand,
    to,
    `Refund of ${amount}`,
    [
      `Hello ${firstName},`,
      `We have refunded ${amount} of your payment ${refund.orderRef}${forWhat}.`,
      sectionBlock('Reason', refund.reason),
      detailsBlock([
        ['Refunded now', amount],
        ['Refunded in all', formatMoney(refund.refundedTotal, refund.currency)],
        ['Paid', formatMoney(refund.paid, refund.currency)],
        ['Date', mailDateTime(refund.at, brand.timeZone)],
        ['Payment reference', refund.orderRef],
      ]),
      left > 0 ? `The rest of the payment, ${formatMoney(left, refund.currency)}, stays paid.` : 'The whole payment has been refunded.',
      'The money goes back to the card you paid with; your bank usually shows it within 5 to 10 working days.',
    ],
    { label: 'View Sent Shipments', url: `${brand.publicUrl}/sent-shipment` },
  );
}
