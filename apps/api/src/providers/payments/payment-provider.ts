/** What the app needs from a card payment provider: a hosted page for an order, and its outcome. */
export interface PaymentProvider {
  readonly name: string;
  createOrder(order: NewOrder): Promise<CreatedOrder>;
  /** The provider's word on an order; the only thing that decides whether money moved. */
  orderState(reference: string): Promise<OrderState>;
}

export interface NewOrder {
  /** Amount in minor units (fils for AED). */
  amountMinor: number;
  currency: string;
  /** Our own reference, unique per attempt. */
  merchantReference: string;
  /** Where the provider sends the customer back; it appends ?ref={reference}. */
  redirectUrl: string;
}

export interface CreatedOrder {
  reference: string;
  paymentUrl: string;
}

/** CAPTURED: paid. FAILED: declined, cancelled or expired. PENDING: the customer has not finished. */
export type OrderState = 'CAPTURED' | 'FAILED' | 'PENDING';

export class PaymentProviderError extends Error {}

export const toMinorUnits = (amount: number) => Math.round(amount * 100);
