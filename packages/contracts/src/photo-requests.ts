import { z } from 'zod';
import { countsSchema } from './counts.ts';
import { idOf } from './ids.ts';
import { normalizePhotoStatus, PHOTO_REQUEST_PRIORITIES, PHOTO_REQUEST_STATUSES, PHOTO_REQUEST_TYPES } from './photo-request-statuses.ts';
import { optionalText } from './validation.ts';

export {
  CUSTOMER_PHOTO_REQUEST_MOVE,
  normalizePhotoStatus,
  OPEN_PHOTO_REQUEST_STATUSES,
  PHOTO_REQUEST_LIFECYCLE,
  PHOTO_REQUEST_MOVE_MAILS,
  PHOTO_REQUEST_PRIORITIES,
  PHOTO_REQUEST_STATUS_FOR_STAFF,
  PHOTO_REQUEST_STATUS_MEANINGS,
  PHOTO_REQUEST_STATUSES,
  PHOTO_REQUEST_TYPES,
  type PhotoRequestPriority,
  type PhotoRequestStatus,
  type PhotoRequestType,
  photoRequestMoveProblem,
  STAFF_PHOTO_REQUEST_TRANSITIONS,
  UNKNOWN_STATUS_MEANING,
} from './photo-request-statuses.ts';
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

/** The warehouse's view adds where the package sits (decision 053), so the photographer walks to it; customers never get it. */
export const staffPhotoRequestSchema = photoRequestSchema.extend({
  /** The package's shelf or bin code; null for a package received before locations were kept. */
  location: z.string().nullable(),
});
export type StaffPhotoRequest = z.infer<typeof staffPhotoRequestSchema>;

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

export const photoRequestStatsSchema = countsSchema('pending', 'completed', 'total').extend({
  byStatus: z.record(z.enum(PHOTO_REQUEST_STATUSES), z.number().int()),
});
export type PhotoRequestStats = z.infer<typeof photoRequestStatsSchema>;

/** The answer to a status that is none of the lifecycle's. */
export const PHOTO_STATUS_RULE = `Status must be one of: ${PHOTO_REQUEST_STATUSES.join(', ')}`;

/** A status in any of its spellings (normalizePhotoStatus: PENDING, Pending, in progress), answered in capitals. */
export const photoStatusSchema = z
  .string({ error: 'Status is required' })
  .max(40, PHOTO_STATUS_RULE)
  .transform((v, ctx) => {
    const s = normalizePhotoStatus(v);
    if (s) return s;
    ctx.addIssue({ code: 'custom', message: PHOTO_STATUS_RULE });
    return z.NEVER;
  });

export const staffPhotoRequestUpdateSchema = z.object({
  status: photoStatusSchema,
  notes: optionalText(1000, 'Notes can be at most 1000 characters'),
});

/** Uploads: JPEG, PNG or WebP, recognised by content, at most 10 MB each. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_FILES = 10;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Documents a customer attaches (a support message's files, a pre-alert's invoice): the photos' types and PDF. */
export const DOCUMENT_MIME_TYPES = [...PHOTO_MIME_TYPES, 'application/pdf'] as const;
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
