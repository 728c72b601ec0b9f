import {
  PHOTO_REQUEST_LIFECYCLE,
  PHOTO_REQUEST_STATUS_MEANINGS,
  PHOTO_REQUEST_STATUSES,
  type PhotoRequestStatus,
  REQUEST_PRIORITY_LABELS,
  REQUEST_TYPE_LABELS,
  UNKNOWN_STATUS_MEANING,
} from '@hopbox/contracts/photo-request-statuses';
import type { ListParams, ListParamsConfig } from '@/lib/list-params';

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

/** The list's view in the address: its search, page and page size, and the status filter (a STATUS_FILTERS label). */
export const PHOTO_REQUESTS_LIST = { filters: { status: 'All' } } as const satisfies ListParamsConfig<'status'>;

/** What the list asks the server for: the view's page and search, and the status its filter names (none for All). */
export function photoRequestsParamsOf(view: ListParams<'status'>) {
  const label = view.filters.status;
  const status = PHOTO_REQUEST_STATUSES.find((s) => STATUS_LABELS[s] === label);
  return { page: view.page, pageSize: view.pageSize, q: view.q, status };
}
