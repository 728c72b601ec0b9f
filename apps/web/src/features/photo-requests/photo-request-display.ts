import {
  PHOTO_REQUEST_LIFECYCLE,
  PHOTO_REQUEST_STATUS_MEANINGS,
  PHOTO_REQUEST_STATUSES,
  type PhotoRequestStatus,
  REQUEST_PRIORITY_LABELS,
  REQUEST_TYPE_LABELS,
  UNKNOWN_STATUS_MEANING,
} from '@hopbox/contracts/photo-request-statuses';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';

/** The lifecycle's words for each status: "In Progress". */
export const STATUS_LABELS = PHOTO_REQUEST_LIFECYCLE.labels as Readonly<Record<PhotoRequestStatus, string>>;

/** One wording for priorities and request types, in the portal and the console. */
export { REQUEST_PRIORITY_LABELS as PRIORITY_LABELS, REQUEST_TYPE_LABELS as TYPE_LABELS };

/** What a status means to the customer; 'Status unknown' for anything else. */
export function statusMeaning(status: string): string {
  return PHOTO_REQUEST_STATUS_MEANINGS[status as PhotoRequestStatus] ?? UNKNOWN_STATUS_MEANING;
}

/**
 * SPEC.md's filter (All, Pending, Completed, Cancelled) with every other status of the lifecycle too (decision 056):
 * one choice a status, in the lifecycle's order and words, so a request taken by a photographer or rejected can be found.
 */
export const STATUS_FILTERS = ['All', ...PHOTO_REQUEST_STATUSES.map((status) => STATUS_LABELS[status])];

export function matchesFilter(request: PhotoRequest, filter: string): boolean {
  return filter === 'All' || STATUS_LABELS[request.status] === filter;
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
