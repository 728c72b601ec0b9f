import { PHOTO_REQUEST_STATUS_MEANINGS, type PhotoRequestStatus, UNKNOWN_STATUS_MEANING } from '@hopbox/contracts/photo-request-statuses';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';

export const STATUS_LABELS: Record<PhotoRequestStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/** One wording for priorities and request types, in the portal and the console. */
export { REQUEST_PRIORITY_LABELS as PRIORITY_LABELS, REQUEST_TYPE_LABELS as TYPE_LABELS } from '@/lib/format';

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
