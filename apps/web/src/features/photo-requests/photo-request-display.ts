import {
  PHOTO_REQUEST_STATUS_MEANINGS,
  type PhotoRequest,
  type PhotoRequestPriority,
  type PhotoRequestStatus,
  type PhotoRequestType,
  UNKNOWN_STATUS_MEANING,
} from '@hopbox/contracts/photo-requests';
import type { BadgeTone } from '@/components/badge';

/** SPEC.md section 4: status yellow, blue, green, red, grey. */
export const STATUS_TONES: Record<PhotoRequestStatus, BadgeTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

export const STATUS_LABELS: Record<PhotoRequestStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/** SPEC.md section 4: priority grey, blue, orange, red. */
export const PRIORITY_TONES: Record<PhotoRequestPriority, BadgeTone> = { LOW: 'gray', MEDIUM: 'blue', HIGH: 'orange', URGENT: 'red' };
export const PRIORITY_LABELS: Record<PhotoRequestPriority, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', URGENT: 'Urgent' };

export const TYPE_LABELS: Record<PhotoRequestType, string> = {
  PACKAGE_PHOTO: 'Package photo',
  DAMAGE_PHOTO: 'Damage photo',
  CUSTOM_PHOTO: 'Custom photo',
};

/** What a status means to the customer; 'Status unknown' for anything else. */
export function statusMeaning(status: string): string {
  return PHOTO_REQUEST_STATUS_MEANINGS[status as PhotoRequestStatus] ?? UNKNOWN_STATUS_MEANING;
}

/**
 * SPEC.md's filter: All, Pending, Completed, Cancelled. Pending takes in-progress requests too, as
 * the Pending card counts them; rejected ones are only under All.
 */
export const STATUS_FILTERS = ['All', 'Pending', 'Completed', 'Cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const FILTER_STATUSES: Record<Exclude<StatusFilter, 'All'>, readonly PhotoRequestStatus[]> = {
  Pending: ['PENDING', 'IN_PROGRESS'],
  Completed: ['COMPLETED'],
  Cancelled: ['CANCELLED'],
};

export function matchesFilter(request: PhotoRequest, filter: StatusFilter): boolean {
  return filter === 'All' || FILTER_STATUSES[filter].includes(request.status);
}

/** Client-side search over the ids, shipper, content, order id and notes. */
export function matchesSearch(request: PhotoRequest, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [
    String(request.id),
    request.shipmentId,
    request.orderId,
    request.shipper,
    request.content,
    request.notes,
    request.staffNotes,
    request.lockerNumber,
  ].some((value) => value?.toLowerCase().includes(needle));
}

/** SPEC.md section 9: sizes in KB with 2 decimals, e.g. "12.34 KB". */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** "21 Nov 2026". */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "21 Nov 2026, 11:36". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
