import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the app needs from a card payment provider: a hosted page for an order, its outcome, giving captured money
 * back, and reading the notifications it sends. Every call about an existing payment goes to the provider stored
 * on it (decision 044).
 */
export interface PaymentProvider {
  readonly name: string;
  createOrder(order: NewOrder): Promise<CreatedOrder>;
  /** The provider's word on an order; the only thing that decides whether money moved. */
  orderState(reference: string): Promise<OrderState>;
  /**
   * Gives `amount` of a captured order back to the card it was paid with; answers the provider's reference of
   * the refund. Throws PaymentProviderError when the provider does not make it (nothing was refunded).
   */
  refund(orderRef: string, amount: RefundAmount): Promise<MadeRefund>;
  /**
   * Reads a notification the provider sent, from the raw bytes it sent and their headers, checking that it comes
   * from the provider: the order it is about. Throws WebhookRejected otherwise.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookNotice>;
}

export interface RefundAmount {
  /** Minor units (fils for AED). */
  amountMinor: number;
  currency: string;
}

export interface MadeRefund {
  /** The provider's own reference of the refund. */
  reference: string;
}

/** A notification's news: which order changed (null when it names none we could read). */
export interface WebhookNotice {
  orderRef: string | null;
}

/** A notification that does not prove it comes from the provider (401), or cannot be read (400). */
export class WebhookRejected extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    message: string,
  ) {
    super(message);
  }
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
