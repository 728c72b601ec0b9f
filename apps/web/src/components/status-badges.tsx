import type { PackageCondition } from '@hopbox/contracts/packages';
import type { PhotoRequestPriority, PhotoRequestStatus } from '@hopbox/contracts/photo-requests';
import { Badge, type BadgeTone } from '@/components/badge';

/*
 * One palette for the statuses the portal and the console both show, so a status has one colour everywhere.
 * Shipments: Pending grey, Finalized accent (indigo), Processed blue, Shipped orange, Delivered green.
 * Consolidations: Pending grey, In Progress blue, Completed green.
 */
const SHIPMENT_STATUS_TONES: Record<string, BadgeTone> = {
  Pending: 'gray',
  Finalized: 'accent',
  Processed: 'blue',
  Shipped: 'orange',
  Delivered: 'green',
};

const CONSOLIDATION_STATUS_TONES: Record<string, BadgeTone> = { Pending: 'gray', 'In Progress': 'blue', Completed: 'green' };

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

export function conditionTone(condition: string): BadgeTone {
  return CONDITION_TONES[condition as PackageCondition] ?? 'gray';
}

export function shipmentStatusTone(status: string): BadgeTone {
  return SHIPMENT_STATUS_TONES[status] ?? 'gray';
}

export function consolidationTone(status: string | null): BadgeTone {
  return (status && CONSOLIDATION_STATUS_TONES[status]) || 'gray';
}

export function ShipmentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={shipmentStatusTone(status)} dot>
      {status}
    </Badge>
  );
}

export function ConsolidationStatusBadge({ status }: { status: string }) {
  return <Badge tone={consolidationTone(status)}>{status}</Badge>;
}

/** Ready to Ship as SPEC.md's Yes/No. */
export function ReadyBadge({ ready }: { ready: boolean }) {
  return (
    <Badge tone={ready ? 'green' : 'gray'} dot>
      {ready ? 'Yes' : 'No'}
    </Badge>
  );
}
