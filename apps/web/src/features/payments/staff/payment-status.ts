import { PAYMENT_LIFECYCLE, type PaymentStatus, REFUNDABLE_PAYMENT_STATUSES } from '@hopbox/contracts/lifecycles';
import { toMinor } from '@hopbox/contracts/money';
import type { StaffPayment } from '@hopbox/contracts/payment-refunds';
import type { BadgeTone } from '@/components/badge';

/** How the console names a payment's status: the lifecycle's words. */
export const PAYMENT_STATUS_LABELS = PAYMENT_LIFECYCLE.labels as Readonly<Record<PaymentStatus, string>>;

/** Money taken that made no shipment is red: someone has to put it right. */
export const PAYMENT_STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  PENDING: 'blue',
  CAPTURED: 'green',
  FAILED: 'gray',
  EXPIRED: 'gray',
  NEEDS_ATTENTION: 'red',
  PARTIALLY_REFUNDED: 'orange',
  REFUNDED: 'yellow',
};

/** What a payment paid for, in the list's second line. */
export const PAYMENT_KIND_LABELS: Record<StaffPayment['kind'], string> = {
  single: 'One package',
  consolidation: 'Consolidation',
  request: 'Service fee',
};

/** Fils still held of a payment: what a refund may give back (none unless its money was captured). */
export function refundableMinor(payment: { status: PaymentStatus; amount: number; refundedAmount: number }): number {
  if (!REFUNDABLE_PAYMENT_STATUSES.includes(payment.status)) return 0;
  return Math.max(0, toMinor(payment.amount) - toMinor(payment.refundedAmount));
}
