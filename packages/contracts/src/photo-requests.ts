import { z } from 'zod';
import { idOf } from './ids.ts';
import { messages } from './messages.ts';
import { optionalText } from './validation.ts';

export const PHOTO_REQUEST_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const;
export type PhotoRequestStatus = (typeof PHOTO_REQUEST_STATUSES)[number];
export const PHOTO_REQUEST_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type PhotoRequestPriority = (typeof PHOTO_REQUEST_PRIORITIES)[number];
export const PHOTO_REQUEST_TYPES = ['PACKAGE_PHOTO', 'DAMAGE_PHOTO', 'CUSTOM_PHOTO'] as const;
export type PhotoRequestType = (typeof PHOTO_REQUEST_TYPES)[number];

/** Open requests block a second request for the same package. */
export const OPEN_PHOTO_REQUEST_STATUSES: readonly PhotoRequestStatus[] = ['PENDING', 'IN_PROGRESS'];

/** Moves warehouse staff may make; COMPLETED, REJECTED and CANCELLED are final. */
export const STAFF_PHOTO_REQUEST_TRANSITIONS: Record<PhotoRequestStatus, readonly PhotoRequestStatus[]> = {
  PENDING: ['IN_PROGRESS', 'COMPLETED', 'REJECTED'],
  IN_PROGRESS: ['COMPLETED', 'REJECTED'],
  COMPLETED: [],
  REJECTED: [],
  CANCELLED: [],
};

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

export const attachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  originalFileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  /** Download path on this API; needs the owner's bearer token. */
  fileUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const photoRequestSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  /** The package's Hopbox ID (SPEC.md calls it shipmentId on a photo request). */
  shipmentId: z.string(),
  orderId: z.string(),
  shipper: z.string(),
  content: z.string(),
  receivedDate: z.string(),
  requestedDate: z.string(),
  requestedState: z.string(),
  lockerNumber: z.string(),
  customerName: z.string(),
  notes: z.string().nullable(),
  staffNotes: z.string().nullable(),
  status: z.enum(PHOTO_REQUEST_STATUSES),
  priority: z.enum(PHOTO_REQUEST_PRIORITIES),
  requestType: z.enum(PHOTO_REQUEST_TYPES),
  completedDate: z.string().nullable(),
  attachmentCount: z.number().int(),
  /** Path of the first photo, when there is one. */
  imagePath: z.string().nullable(),
  imageName: z.string().nullable(),
});
export type PhotoRequest = z.infer<typeof photoRequestSchema>;

export const createPhotoRequestSchema = z.object({
  packageId: idOf('Package is required'),
  requestType: z
    .enum(PHOTO_REQUEST_TYPES, { error: `Request type must be one of: ${PHOTO_REQUEST_TYPES.join(', ')}` })
    .default('PACKAGE_PHOTO'),
  priority: z
    .enum(PHOTO_REQUEST_PRIORITIES, { error: `Priority must be one of: ${PHOTO_REQUEST_PRIORITIES.join(', ')}` })
    .default('MEDIUM'),
  notes: optionalText(1000, 'Notes can be at most 1000 characters'),
});

/** The by-package create takes optional details; type and priority default. */
export const createPhotoRequestForPackageSchema = createPhotoRequestSchema.omit({ packageId: true }).partial().default({});

export const photoRequestStatsSchema = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  total: z.number().int(),
  byStatus: z.record(z.enum(PHOTO_REQUEST_STATUSES), z.number().int()),
});
export type PhotoRequestStats = z.infer<typeof photoRequestStatsSchema>;

export const staffPhotoRequestUpdateSchema = z.object({
  status: z
    .string({ error: 'Status is required' })
    .max(40, `Status must be one of: ${PHOTO_REQUEST_STATUSES.join(', ')}`)
    .transform((v, ctx) => {
      const s = normalizePhotoStatus(v);
      if (!s) {
        ctx.addIssue({ code: 'custom', message: `Status must be one of: ${PHOTO_REQUEST_STATUSES.join(', ')}` });
        return z.NEVER;
      }
      return s;
    }),
  notes: optionalText(1000, 'Notes can be at most 1000 characters'),
});

/** Uploads: JPEG, PNG or WebP, recognised by content, at most 10 MB each. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_FILES = 10;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Decoding costs memory by pixels, not by file size: a few kilobytes of PNG can declare gigapixels.
 * 50 megapixels is above the photos phones and warehouse cameras take (12 to 48).
 */
export const PHOTO_MAX_MEGAPIXELS = 50;

/** Multipart limits: an upload form carries the photos and a few small text fields (the package's JSON). */
export const UPLOAD_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: PHOTO_MAX_FILES,
  fields: 10,
  parts: PHOTO_MAX_FILES + 10,
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  headerPairs: 10,
} as const;
