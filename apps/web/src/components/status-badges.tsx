import type { ClaimStatus } from '@hopbox/contracts/lifecycles';
import type { PackageCondition } from '@hopbox/contracts/packages';
import type { PhotoRequestPriority, PhotoRequestStatus } from '@hopbox/contracts/photo-requests';
import type { ConsolidationStatus, PAYMENT_STATUSES, ShipmentStatus } from '@hopbox/contracts/shipments';
import { Camera } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/badge';

/*
 * The one palette (decision 032): each status family maps to its colours here, and the portal and
 * the console both draw their status pills from this file, so a status has one colour everywhere.
 * A status pill carries a dot; a category (priority, request type) does not.
 * Shipments: Pending grey, Finalized accent (indigo), Processed blue, Shipped orange, Delivered green.
 * Consolidations: Pending grey, In Progress blue, Completed green.
 * Payments: Unpaid yellow (money is still owed), Paid green.
 * Claims: Open yellow, Needs information blue, Approved green, Rejected red.
 */
const SHIPMENT_STATUS_TONES: Record<ShipmentStatus, BadgeTone> = {
  Pending: 'gray',
  Finalized: 'accent',
  Processed: 'blue',
  Shipped: 'orange',
  Delivered: 'green',
};

const CONSOLIDATION_STATUS_TONES: Record<ConsolidationStatus, BadgeTone> = { Pending: 'gray', 'In Progress': 'blue', Completed: 'green' };

/** SPEC.md section 4: photo request status yellow, blue, green, red, grey. */
export const PHOTO_STATUS_TONES: Record<PhotoRequestStatus, BadgeTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** SPEC.md section 4: priority grey, blue, orange, red. */
export const PRIORITY_TONES: Record<PhotoRequestPriority, BadgeTone> = { LOW: 'gray', MEDIUM: 'blue', HIGH: 'orange', URGENT: 'red' };

/** SPEC.md section 4 colours of a package's condition. */
const CONDITION_TONES: Record<PackageCondition, BadgeTone> = { 'Not damaged': 'green', Damaged: 'orange', 'Prohibited Item': 'red' };

type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
const PAYMENT_STATUS_TONES: Record<PaymentStatus, BadgeTone> = { Unpaid: 'yellow', Paid: 'green' };

/** Open is staff's turn, Needs information the customer's. */
const CLAIM_STATUS_TONES: Record<ClaimStatus, BadgeTone> = { OPEN: 'yellow', NEEDS_INFO: 'blue', APPROVED: 'green', REJECTED: 'red' };

/** A value outside its family (an older row, a typo) is grey rather than borrowing another's colour. */
const toneIn = <T extends string>(tones: Record<T, BadgeTone>, value: string | null | undefined): BadgeTone =>
  (value ? tones[value as T] : undefined) ?? 'gray';

export const conditionTone = (condition: string) => toneIn(CONDITION_TONES, condition);
export const shipmentStatusTone = (status: string) => toneIn(SHIPMENT_STATUS_TONES, status);
export const consolidationTone = (status: string | null) => toneIn(CONSOLIDATION_STATUS_TONES, status);
export const paymentStatusTone = (status: string) => toneIn(PAYMENT_STATUS_TONES, status);
export const claimStatusTone = (status: string) => toneIn(CLAIM_STATUS_TONES, status);

/** The package's condition on arrival: Not damaged green, Damaged orange, Prohibited Item red. */
export function ConditionBadge({ condition }: { condition: string }) {
  return (
    <Badge tone={conditionTone(condition)} dot>
      {condition || 'N/A'}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={paymentStatusTone(status)} dot>
      {status || 'N/A'}
    </Badge>
  );
}

/** SPEC.md's 'Photo Requested' badge: a package with an open photo request, in the portal and the console. */
export function PhotoRequestedBadge({ className }: { className?: string }) {
  return (
    <Badge tone="blue" className={className}>
      <Camera className="size-3.5" aria-hidden="true" />
      Photo Requested
    </Badge>
  );
}

export function ShipmentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={shipmentStatusTone(status)} dot>
      {status}
    </Badge>
  );
}

export function ConsolidationStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge tone={consolidationTone(status)} dot>
      {status || 'N/A'}
    </Badge>
  );
}

/** Ready to Ship as SPEC.md's Yes/No in its column; `spelled` says it in words where no header does (the console's cards). */
export function ReadyBadge({ ready, spelled = false }: { ready: boolean; spelled?: boolean }) {
  const [yes, no] = spelled ? ['Ready to ship', 'Not ready'] : ['Yes', 'No'];
  return (
    <Badge tone={ready ? 'green' : 'gray'} dot>
      {ready ? yes : no}
    </Badge>
  );
}
