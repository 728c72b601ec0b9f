import type { Lifecycle } from './lifecycles.ts';
import { messages } from './messages.ts';

// No zod here: the Photo Requests page reads statuses and their meanings without the schema library.

export const PHOTO_REQUEST_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const;
export type PhotoRequestStatus = (typeof PHOTO_REQUEST_STATUSES)[number];
export const PHOTO_REQUEST_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type PhotoRequestPriority = (typeof PHOTO_REQUEST_PRIORITIES)[number];
export const PHOTO_REQUEST_TYPES = ['PACKAGE_PHOTO', 'DAMAGE_PHOTO', 'CUSTOM_PHOTO'] as const;
export type PhotoRequestType = (typeof PHOTO_REQUEST_TYPES)[number];

/** One wording for request types and priorities, in the portal and the console. */
export const REQUEST_TYPE_LABELS: Record<PhotoRequestType, string> = {
  PACKAGE_PHOTO: 'Package photo',
  DAMAGE_PHOTO: 'Damage photo',
  CUSTOM_PHOTO: 'Custom photo',
};

export const REQUEST_PRIORITY_LABELS: Record<PhotoRequestPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

/** Open requests block a second request for the same package. */
export const OPEN_PHOTO_REQUEST_STATUSES: readonly PhotoRequestStatus[] = ['PENDING', 'IN_PROGRESS'];

/**
 * A photo request. PENDING: waiting for a photographer; the customer may still cancel it. IN_PROGRESS: taken by a
 * photographer. COMPLETED (photos sent, the "photos ready" mail: PHOTO_REQUEST_MOVE_MAILS), REJECTED (with the
 * reason in the notes) and CANCELLED (by the customer) are final.
 */
export const PHOTO_REQUEST_LIFECYCLE: Lifecycle<PhotoRequestStatus> = {
  name: 'photo request',
  statuses: PHOTO_REQUEST_STATUSES,
  transitions: {
    PENDING: ['IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED'],
    IN_PROGRESS: ['COMPLETED', 'REJECTED'],
    COMPLETED: [],
    REJECTED: [],
    CANCELLED: [],
  },
  // The words of SPEC.md's Photo Requests page, in the portal and the console alike.
  labels: { PENDING: 'Pending', IN_PROGRESS: 'In Progress', COMPLETED: 'Completed', REJECTED: 'Rejected', CANCELLED: 'Cancelled' },
};

/** The one move a customer makes; warehouse staff make every other. */
export const CUSTOMER_PHOTO_REQUEST_MOVE: PhotoRequestStatus = 'CANCELLED';

/** The mail each move into a status sends the customer (the notification's kind). */
export const PHOTO_REQUEST_MOVE_MAILS: Partial<Record<PhotoRequestStatus, 'photosReady'>> = { COMPLETED: 'photosReady' };

/** Moves warehouse staff may make: the lifecycle's, but the customer's cancel. */
export const STAFF_PHOTO_REQUEST_TRANSITIONS: Record<PhotoRequestStatus, readonly PhotoRequestStatus[]> = {
  PENDING: [],
  IN_PROGRESS: [],
  COMPLETED: [],
  REJECTED: [],
  CANCELLED: [],
};
for (const from of PHOTO_REQUEST_STATUSES)
  STAFF_PHOTO_REQUEST_TRANSITIONS[from] = PHOTO_REQUEST_LIFECYCLE.transitions[from].filter((to) => to !== CUSTOMER_PHOTO_REQUEST_MOVE);

/**
 * What a staff move needs besides being allowed by STAFF_PHOTO_REQUEST_TRANSITIONS: completing needs at
 * least one photo uploaded, rejecting needs notes telling the customer why (the notes the request will keep).
 * Answers the field at fault and the user-facing reason, or null when the move may go ahead.
 */
export function photoRequestMoveProblem(
  to: PhotoRequestStatus,
  request: { photoCount: number; notes: string | null | undefined },
): { field: 'files' | 'notes'; message: string } | null {
  if (to === 'COMPLETED' && request.photoCount < 1) return { field: 'files', message: messages.packages.completeNeedsPhoto };
  if (to === 'REJECTED' && !request.notes?.trim()) return { field: 'notes', message: messages.packages.rejectNeedsNotes };
  return null;
}

/** SPEC.md section 4: what each status means to the customer. */
export const PHOTO_REQUEST_STATUS_MEANINGS: Record<PhotoRequestStatus, string> = {
  PENDING: 'Your request is waiting to be processed',
  IN_PROGRESS: 'Photos are being taken',
  COMPLETED: 'Photos are ready for viewing',
  REJECTED: 'Request was rejected',
  CANCELLED: 'Request was cancelled',
};
export const UNKNOWN_STATUS_MEANING = 'Status unknown';

/** The same statuses as the warehouse console says them: what is left for staff to do. */
export const PHOTO_REQUEST_STATUS_FOR_STAFF: Record<PhotoRequestStatus, string> = {
  PENDING: 'Waiting for a photographer',
  IN_PROGRESS: 'Taken by a photographer: upload the photos, then complete it',
  COMPLETED: 'Photos sent to the customer',
  REJECTED: 'Rejected; the customer sees the notes as the reason',
  CANCELLED: 'Cancelled by the customer',
};

/** Accepts SPEC.md's title-case spellings (Pending, Completed, Cancelled) as well. */
export function normalizePhotoStatus(value: string): PhotoRequestStatus | undefined {
  const upper = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return (PHOTO_REQUEST_STATUSES as readonly string[]).includes(upper) ? (upper as PhotoRequestStatus) : undefined;
}
