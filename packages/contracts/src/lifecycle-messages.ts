// Apart from messages.ts, which every page loads: only the screens and the API that move statuses or hold items read these.

/** What the API answers, and the console says, when a move or a hold refuses a change (issue "Exactly once, in one place"). */
export const lifecycleMessages = {
  payments: {
    /** A second payment for packages or consolidations that an open payment already holds. */
    alreadyOpen: (minutesLeft: number) =>
      `A payment for this is already open. Finish it on its payment page, or start again in ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'}, when it expires.`,
    /** A change to a consolidation or package that an open payment holds. */
    heldByPayment: 'A payment for this is in progress: its box, weight and readiness cannot change until it is paid or expires.',
  },
  /** Staff giving captured money back (decision 045). */
  refunds: {
    /** The refunds would add up to more than was captured. */
    tooMuch: (left: string) => `Refunds cannot add up to more than was captured: at most ${left} is left to refund`,
    nothingLeft: 'Everything captured for this payment has been refunded already',
    /** Pending, failed or expired: the provider holds no money of this payment. */
    notCaptured: (status: string) => `Only captured money can be refunded: this payment is ${status}`,
    providerFailed: 'The payment provider did not make the refund. Nothing was refunded; try again in a moment.',
    amountInvalid: 'Enter an amount greater than 0, with at most two decimals',
    reasonRequired: 'Give the reason for the refund: the customer reads it',
    reasonTooLong: (max: number) => `The reason can be at most ${max} characters`,
    notFound: 'Payment not found',
    /** A claim's refund was asked of the provider and has no answer yet: deciding again must not refund twice. */
    claimRefundPending:
      "This claim's refund was sent to the payment provider and has not been confirmed yet: check the payment before deciding again",
  },
  consolidations: {
    /** Another request moved the consolidation meanwhile, or the lifecycle does not allow the move. */
    invalidMove: (from: string, to: string) => `This consolidation is ${from} now and cannot be moved to ${to}: reload it and try again`,
  },
  shipments: {
    /** A status move the shipment lifecycle does not allow (it moves forward only). */
    invalidMove: (from: string, to: string) => `A ${from} shipment cannot be moved to ${to}: shipments only move forward`,
    /** A shipment booked with a carrier through the console moves with its tracking, not by hand. */
    followsTracking: (carrier: string) =>
      `This shipment is booked with ${carrier}: its status follows the carrier's tracking (Shipped at pick-up, Delivered at delivery). Use Refresh tracking.`,
    /** A staff update that names nothing to change (an empty or form-encoded body). */
    nothingToChange: 'Nothing to change: send at least one field to update',
  },
} as const;
