// No zod here: screens read a lifecycle's statuses and moves without the schema library.
import { QUOTE_HOLD_MINUTES } from './price-breakdown.ts';

/**
 * A lifecycle: its statuses and, for each, the statuses it may move to. Every status change of its kind goes
 * through one guarded move that reads this table (issue "Exactly once, in one place"); a status absent from a
 * row's list is a move the product refuses.
 */
export interface Lifecycle<S extends string> {
  readonly name: string;
  readonly statuses: readonly S[];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** How screens say each status, where the stored value is a code ("IN_PROGRESS") rather than words. */
  readonly labels?: Readonly<Record<S, string>>;
}

/**
 * A status in words: the lifecycle's label, else the value itself when it already is words ("In Progress"),
 * else the code made words ("NEEDS_ATTENTION" → "Needs attention"). Anything not of the lifecycle is shown as is.
 */
export function statusLabel<S extends string>(lifecycle: Lifecycle<S>, value: string): string {
  const label = lifecycle.labels?.[value as S];
  if (label) return label;
  if (!(lifecycle.statuses as readonly string[]).includes(value) || !/^[A-Z0-9_]+$/.test(value)) return value;
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** True when the lifecycle allows the move. */
export function canMove<S extends string>(lifecycle: Lifecycle<S>, from: S, to: S): boolean {
  return lifecycle.transitions[from]?.includes(to) ?? false;
}

/** The statuses a move into `to` may start from. */
export function movesInto<S extends string>(lifecycle: Lifecycle<S>, to: S): S[] {
  return lifecycle.statuses.filter((from) => canMove(lifecycle, from, to));
}

export const SHIPMENT_STATUSES = ['Pending', 'Finalized', 'Processed', 'Shipped', 'Delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * A shipment. Pending: a consolidation being packed, not paid. Finalized: paid, waiting at the warehouse.
 * Processed: at the dock, booked with the carrier or given an AWB by hand. Shipped: with the carrier. Delivered:
 * final. It moves forward only, one step or several at once (the dock may hand a shipment to the carrier the day
 * it is paid); its mails are sent by the moves into Shipped and Delivered (SHIPMENT_MOVE_MAILS), so each at most once.
 */
export const SHIPMENT_LIFECYCLE: Lifecycle<ShipmentStatus> = {
  name: 'shipment',
  statuses: SHIPMENT_STATUSES,
  transitions: {
    // Only a captured payment moves a consolidation on; a single package's shipment is made Finalized.
    Pending: ['Finalized'],
    Finalized: ['Processed', 'Shipped', 'Delivered'],
    Processed: ['Shipped', 'Delivered'],
    Shipped: ['Delivered'],
    Delivered: [],
  },
};

/** The mail each move into a status sends the customer (the notification's kind). */
export const SHIPMENT_MOVE_MAILS: Partial<Record<ShipmentStatus, 'shipmentShipped' | 'shipmentDelivered'>> = {
  Shipped: 'shipmentShipped',
  Delivered: 'shipmentDelivered',
};

export const CONSOLIDATION_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
export type ConsolidationStatus = (typeof CONSOLIDATION_STATUSES)[number];

/**
 * A consolidation's packing, while its shipment is Pending. Pending: not started. In Progress: being packed.
 * Completed: packed (marking it Ready to Ship completes it). Staff may reopen a packed box to repack it, so every
 * move among the three is allowed, but only while the shipment is unpaid and no payment for it is open (the box
 * is what the customer is charged for); the capture completes it (the shipment's move into Finalized), and from
 * then on it does not move.
 */
export const CONSOLIDATION_LIFECYCLE: Lifecycle<ConsolidationStatus> = {
  name: 'consolidation',
  statuses: CONSOLIDATION_STATUSES,
  transitions: {
    Pending: ['In Progress', 'Completed'],
    'In Progress': ['Pending', 'Completed'],
    Completed: ['Pending', 'In Progress'],
  },
};

export const PACKAGE_STATUSES = ['EXPECTED', 'UNIDENTIFIED', 'IN_LOCKER', 'IN_SHIPMENT', 'RETURNED', 'DISCARDED', 'SPLIT'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** The statuses of a package that left the locker other than in a shipment (a package request's effect), as `left_as` stores them. */
export const PACKAGE_LEFT_STATUSES = ['RETURNED', 'DISCARDED', 'SPLIT'] as const satisfies readonly PackageStatus[];
export type PackageLeftStatus = (typeof PACKAGE_LEFT_STATUSES)[number];

/**
 * A package. EXPECTED: announced by its customer (a pre-alert), not yet at the warehouse. UNIDENTIFIED: received
 * with no suite number nobody could match, kept for a customer to claim or staff to assign (issue "Arrivals").
 * IN_LOCKER: received and kept for the customer, who may edit, declare and photograph it (an open payment may
 * hold it meanwhile). IN_SHIPMENT: put in a shipment, paid or being consolidated, from which it does not come
 * back. RETURNED, DISCARDED, SPLIT: it left the locker through a package request done by staff (sent back to its
 * sender, thrown away, or replaced by the parcels it was split into; decision 061), and stays in the customer's
 * history only. The status is read from the rows, never stored twice: a pre-alert without its package is EXPECTED,
 * a package without an owner UNIDENTIFIED, one that left its `left_as`, one without a shipment IN_LOCKER. Each move
 * is one compare-and-set: the pre-alert's fulfilment and the move into a locker in the arrivals repository, the
 * move into a shipment in the packages repository, the move out of the locker in the package requests repository.
 */
export const PACKAGE_LIFECYCLE: Lifecycle<PackageStatus> = {
  name: 'package',
  statuses: PACKAGE_STATUSES,
  transitions: {
    EXPECTED: ['IN_LOCKER'],
    UNIDENTIFIED: ['IN_LOCKER'],
    IN_LOCKER: ['IN_SHIPMENT', 'RETURNED', 'DISCARDED', 'SPLIT'],
    IN_SHIPMENT: [],
    RETURNED: [],
    DISCARDED: [],
    SPLIT: [],
  },
  labels: {
    EXPECTED: 'Expected',
    UNIDENTIFIED: 'Unidentified',
    IN_LOCKER: 'In locker',
    IN_SHIPMENT: 'In shipment',
    RETURNED: 'Returned to sender',
    DISCARDED: 'Discarded',
    SPLIT: 'Split',
  },
};

/** A received package's status from its row: nobody's until claimed, its way out once it left, in a shipment once it has one. */
export const packageStatusOf = (pkg: { userId: number | null; shipmentId: number | null; leftAs?: string | null }): PackageStatus => {
  if (pkg.userId === null) return 'UNIDENTIFIED';
  if (pkg.leftAs) return pkg.leftAs as PackageLeftStatus;
  return pkg.shipmentId === null ? 'IN_LOCKER' : 'IN_SHIPMENT';
};

export const PACKAGE_REQUEST_STATUSES = ['REQUESTED', 'IN_PROGRESS', 'DONE', 'REJECTED', 'CANCELLED'] as const;
export type PackageRequestStatus = (typeof PACKAGE_REQUEST_STATUSES)[number];

/**
 * A package request (issue "When it goes wrong", decision 061): repack, remove packaging, split, return to sender
 * or discard. REQUESTED: the customer asked, nothing done yet. IN_PROGRESS: staff took it. DONE: the work is done
 * and its effect applied to the package in the same move. REJECTED: staff refused it; the package is unchanged.
 * Staff may finish or refuse a request without taking it first. CANCELLED: the customer withdrew it before the
 * warehouse took it and before paying its fee (decision 068). DONE, REJECTED and CANCELLED are final.
 */
export const PACKAGE_REQUEST_LIFECYCLE: Lifecycle<PackageRequestStatus> = {
  name: 'package request',
  statuses: PACKAGE_REQUEST_STATUSES,
  transitions: {
    REQUESTED: ['IN_PROGRESS', 'REJECTED', 'DONE', 'CANCELLED'],
    IN_PROGRESS: ['DONE', 'REJECTED'],
    DONE: [],
    REJECTED: [],
    CANCELLED: [],
  },
  labels: { REQUESTED: 'Requested', IN_PROGRESS: 'In progress', DONE: 'Done', REJECTED: 'Rejected', CANCELLED: 'Withdrawn' },
};

/** The statuses of a request still open: one such per package at most (the database's partial unique index). */
export const OPEN_PACKAGE_REQUEST_STATUSES = ['REQUESTED', 'IN_PROGRESS'] as const satisfies readonly PackageRequestStatus[];

export const CLAIM_STATUSES = ['OPEN', 'NEEDS_INFO', 'APPROVED', 'REJECTED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * A claim on a package or shipment (issue "When it goes wrong", decision 065). OPEN: the customer filed it (or
 * answered staff's question), staff look at it. NEEDS_INFO: staff asked the customer for more; the customer's answer
 * moves it back to OPEN. APPROVED: staff accepted it and its effect (a refund, a credit to the balance, a package
 * re-weighed) was made with the move. REJECTED: staff refused it. APPROVED and REJECTED are final.
 */
export const CLAIM_LIFECYCLE: Lifecycle<ClaimStatus> = {
  name: 'claim',
  statuses: CLAIM_STATUSES,
  transitions: {
    OPEN: ['NEEDS_INFO', 'APPROVED', 'REJECTED'],
    NEEDS_INFO: ['OPEN', 'APPROVED', 'REJECTED'],
    APPROVED: [],
    REJECTED: [],
  },
  labels: { OPEN: 'Open', NEEDS_INFO: 'Needs information', APPROVED: 'Approved', REJECTED: 'Rejected' },
};

/** The statuses of a claim still open: one such per package or shipment at most (the database's partial unique indexes). */
export const OPEN_CLAIM_STATUSES = ['OPEN', 'NEEDS_INFO'] as const satisfies readonly ClaimStatus[];

export const PAYMENT_STATUSES = ['PENDING', 'CAPTURED', 'FAILED', 'EXPIRED', 'NEEDS_ATTENTION', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A card payment. PENDING: the order is open at the provider, holding what it pays for. CAPTURED: paid and its
 * shipment made. FAILED: the provider declined or cancelled it. EXPIRED: still unpaid when its price's hold
 * ended. NEEDS_ATTENTION: money taken that cannot become the shipment priced (the order changed or a package
 * left, or the capture came after the payment failed or expired): support settles it. PARTIALLY_REFUNDED: staff
 * gave part of the captured money back. REFUNDED: all of it went back (final). A refund is staff's answer to a
 * payment needing attention, so any refund, whole or in part, settles it (decision 045).
 */
export const PAYMENT_LIFECYCLE: Lifecycle<PaymentStatus> = {
  name: 'payment',
  statuses: PAYMENT_STATUSES,
  transitions: {
    PENDING: ['CAPTURED', 'FAILED', 'EXPIRED', 'NEEDS_ATTENTION'],
    // The provider may still take the money of an order it reported failed, or that the product let expire.
    FAILED: ['NEEDS_ATTENTION'],
    EXPIRED: ['NEEDS_ATTENTION'],
    CAPTURED: ['PARTIALLY_REFUNDED', 'REFUNDED'],
    NEEDS_ATTENTION: ['PARTIALLY_REFUNDED', 'REFUNDED'],
    // A second part refunded leaves it partly refunded, or refunded once the refunds reach the captured amount.
    PARTIALLY_REFUNDED: ['PARTIALLY_REFUNDED', 'REFUNDED'],
    REFUNDED: [],
  },
  labels: {
    PENDING: 'Pending',
    CAPTURED: 'Captured',
    FAILED: 'Failed',
    EXPIRED: 'Expired',
    NEEDS_ATTENTION: 'Needs attention',
    PARTIALLY_REFUNDED: 'Partly refunded',
    REFUNDED: 'Refunded',
  },
};

/** The statuses in which the provider holds captured money, part of which may still be given back. */
export const REFUNDABLE_PAYMENT_STATUSES = movesInto(PAYMENT_LIFECYCLE, 'REFUNDED');

/** An open payment is payable as long as the price it charges is held; then it expires. */
export const PAYMENT_HOLD_MINUTES = QUOTE_HOLD_MINUTES;
/** How long the provider is still asked about a failed or expired payment, so a late capture is never lost. */
export const LATE_CAPTURE_WATCH_DAYS = 7;
