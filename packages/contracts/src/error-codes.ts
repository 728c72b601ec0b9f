// No zod here: the web app reads error codes on every page, and its sign-in page loads no schema library.

/**
 * The stable, machine-readable kind of every API failure, sent as `code` beside SPEC.md's `error` and
 * `message`. Clients switch on these, never on the message text (which may be reworded). The general
 * codes follow the HTTP status; the specific ones name a failure a screen handles on its own.
 */
export const ERROR_CODES = [
  // General, one per status.
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UPSTREAM_FAILED',
  'SERVICE_BUSY',
  'INTERNAL',
  // Specific.
  /** The access token is missing, expired or no longer valid: sign in again. */
  'SESSION_EXPIRED',
  /** Sign-in with a wrong email or password. */
  'INVALID_CREDENTIALS',
  /** A refresh token that is unknown, used, revoked or expired. */
  'REFRESH_TOKEN_INVALID',
  /** A password-reset link that is unknown, used or expired. */
  'RESET_TOKEN_INVALID',
  'EMAIL_TAKEN',
  'CURRENT_PASSWORD_WRONG',
  /** A staff or admin session that has not passed a second factor: enrol one (or sign in again with it). */
  'MFA_REQUIRED',
  /** A sign-in's second step whose mfaToken is unknown, used, expired or out of attempts: sign in again. */
  'MFA_TOKEN_INVALID',
  /** The package is already in a shipment and can no longer change. */
  'PACKAGE_IN_SHIPMENT',
  /** A Prohibited Item package cannot be shipped. */
  'PACKAGE_PROHIBITED',
  /** A package's customs declaration is incomplete: it cannot be shipped or paid for yet. */
  'DECLARATION_INCOMPLETE',
  /** A consolidation is marked Ready to Ship only once its packed box is recorded. */
  'PACKED_BOX_REQUIRED',
  /** The amount to pay is not the current price: price again. */
  'AMOUNT_MISMATCH',
  /** No rate for this lane or input (the message says why). */
  'PRICE_UNAVAILABLE',
  /** Only a paid shipment is booked with the carrier. */
  'SHIPMENT_UNPAID',
  /** The shipment has an AWB typed by hand: it was booked outside the product. */
  'BOOKED_BY_HAND',
  /** Another request is booking this shipment with the carrier right now. */
  'BOOKING_IN_PROGRESS',
  /** The label or tracking of a shipment that is not booked with a carrier. */
  'NOT_BOOKED',
  /** The carrier answered and refused; its reason is in the message. */
  'CARRIER_REFUSED',
  /** The carrier did not answer: try again. */
  'CARRIER_UNAVAILABLE',
  /** An open payment holds these packages or consolidations: pay it, or wait until it expires. */
  'PAYMENT_PENDING',
  /** A status change the lifecycle's transition table does not allow; the message names from and to. */
  'INVALID_TRANSITION',
  /** A refund past what is left of the captured amount; the message says how much is left. */
  'REFUND_EXCEEDS_CAPTURED',
  /** A refund of a payment whose money was never captured (pending, failed or expired). */
  'PAYMENT_NOT_CAPTURED',
  /** The database is restarting, unreachable or busy past its timeouts: try again after Retry-After. */
  'DATABASE_UNAVAILABLE',
  /** The declaration was changed since the client read it: it reads it again before saving (decision 055). */
  'DECLARATION_CHANGED',
  /** A host's location still holds packages waiting in the warehouse: move them before removing it. */
  'LOCATION_IN_USE',
  /** The customer already announced a parcel with this tracking number and it has not arrived yet. */
  'DUPLICATE_PRE_ALERT',
  /** The customer already has as many parcels expected as one may (PRE_ALERT_OPEN_MAX): remove one first. */
  'PRE_ALERT_LIMIT',
  /** A claim of an unidentified parcel gave a tracking number that is not the parcel's. */
  'TRACKING_MISMATCH',
  /**
   * The package has a package request REQUESTED or IN_PROGRESS (decision 061): a second request, or shipping it, waits
   * until the warehouse finishes or refuses that one.
   */
  'REQUEST_OPEN',
  /**
   * A return's or discard's fee is not paid yet (decision 068): staff take or finish it once the customer paid; they
   * may refuse it meanwhile.
   */
  'REQUEST_FEE_UNPAID',
  /** The carrier option a payment names is not among those priced for the shipment (decision 070). */
  'OPTION_NOT_OFFERED',
  /** The package left the locker (returned, discarded or split by a package request): it cannot be shipped or changed. */
  'PACKAGE_LEFT',
  /** A payment's part from the account balance could not be taken: the balance changed meanwhile (decision 063). */
  'BALANCE_CHANGED',
  /** A staff deduction larger than the customer's balance: the balance never goes below zero. */
  'BALANCE_TOO_LOW',
  /** A claim filed before its window opens (a parcel not yet delivered, not yet quiet long enough to be lost); the message says when. */
  'CLAIM_NOT_YET_OPEN',
  /** A claim filed after its window closed (14 days after delivery, a shipment paid); the message says when it closed. */
  'CLAIM_WINDOW_CLOSED',
  /** A claim type that does not apply to what is claimed on (a wrong weight on a shipment). */
  'CLAIM_TYPE_NOT_APPLICABLE',
  /** The package or shipment has a claim open (OPEN or NEEDS_INFO) already. */
  'CLAIM_OPEN',
  /** An amount past what the claim may be for (claimed, approved or refunded); the message names the most. */
  'CLAIM_AMOUNT_TOO_HIGH',
  /** Another member of staff is deciding the claim right now (its refund is being made). */
  'CLAIM_BEING_DECIDED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** True when `value` is one of ERROR_CODES (an answer's `code`, read without the schema library). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
