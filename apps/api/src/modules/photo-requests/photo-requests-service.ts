import { randomUUID } from 'node:crypto';
import { canMove } from '@hopbox/contracts/lifecycles';
import { messages } from '@hopbox/contracts/messages';
import { packageRequestMessages } from '@hopbox/contracts/package-requests';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import {
  type Attachment,
  CUSTOMER_PHOTO_REQUEST_MOVE,
  PHOTO_MAX_FILES,
  PHOTO_MAX_MEGAPIXELS,
  PHOTO_REQUEST_LIFECYCLE,
  PHOTO_REQUEST_MOVE_MAILS,
  type PhotoRequestPriority,
  type PhotoRequestStatus,
  type PhotoRequestType,
  photoRequestMoveProblem,
  STAFF_PHOTO_REQUEST_TRANSITIONS,
} from '@hopbox/contracts/photo-requests';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { portalPage, portalWindow } from '../../db/paging.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { exceedsPixelLimit, inspectImage, makeThumbnail } from '../../providers/storage/images.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import { findUserPackage } from '../packages/packages-repository.ts';
import { assertStillInLocker } from '../packages/still-in-locker.ts';
import * as repo from './photo-requests-repository.ts';

const m = messages.packages;

/** The customer's package a request is about (read from its owner's table, never written). */
async function customerPackage(deps: AppDeps, userId: number, packageId: number) {
  const pkg = await findUserPackage(deps.db, userId, packageId, deps.clock.now());
  if (!pkg) throw notFound(m.packageNotFound);
  return pkg;
}

/**
 * The customer's list, newest first: the page asked for, or, asked without one, SPEC.md's list (its newest
 * LIST_MAX_ROWS) under `photoRequests` as well as `data` (decision 078).
 */
export async function listUserPhotoRequests(
  deps: AppDeps,
  userId: number,
  query: { status?: PhotoRequestStatus; q?: string; page?: number; pageSize?: number },
) {
  const window = portalWindow(query);
  const filter = { userId, statuses: query.status ? [query.status] : undefined, q: query.q || undefined };
  const { items, total } = await repo.pageOfPhotoRequests(deps.db, filter, window);
  const answer = portalPage(items, total, window);
  return window.paged ? answer : { ...answer, photoRequests: items };
}

export async function getUserPhotoRequest(deps: AppDeps, userId: number, id: number) {
  const request = await repo.findPhotoRequest(deps.db, { userId, id });
  if (!request) throw notFound(photoRequestMessages.photoRequestNotFound);
  return request;
}

export async function createPhotoRequest(
  deps: AppDeps,
  userId: number,
  input: { packageId: number; requestType?: PhotoRequestType; priority?: PhotoRequestPriority; notes?: string | null },
) {
  const pkg = await customerPackage(deps, userId, input.packageId);
  assertStillInLocker(pkg);
  if (pkg.requestOpen) throw conflict(packageRequestMessages.packageBusy, undefined, 'REQUEST_OPEN');
  if (await repo.hasOpenRequest(deps.db, pkg.id)) throw conflict(photoRequestMessages.photoRequestOpen);
  try {
    const id = await repo.insertPhotoRequest(deps.db, {
      userId,
      packageId: pkg.id,
      requestType: input.requestType ?? 'PACKAGE_PHOTO',
      priority: input.priority ?? 'MEDIUM',
      notes: input.notes ?? null,
    });
    return getUserPhotoRequest(deps, userId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'photo_requests_one_open_per_package')) throw conflict(photoRequestMessages.photoRequestOpen);
    throw err;
  }
}

/** Whether the customer's package has an open (PENDING or IN_PROGRESS) request. */
export async function packageHasOpenRequest(deps: AppDeps, userId: number, packageId: number) {
  const pkg = await customerPackage(deps, userId, packageId);
  return repo.hasOpenRequest(deps.db, pkg.id);
}

export async function photoRequestStats(deps: AppDeps, userId: number) {
  const byStatus = await repo.countByStatus(deps.db, userId);
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { pending: byStatus.PENDING + byStatus.IN_PROGRESS, completed: byStatus.COMPLETED, total, byStatus };
}

export async function cancelPhotoRequest(deps: AppDeps, userId: number, id: number) {
  const request = await getUserPhotoRequest(deps, userId, id);
  const allowed = canMove(PHOTO_REQUEST_LIFECYCLE, request.status, CUSTOMER_PHOTO_REQUEST_MOVE);
  if (!allowed || !(await repo.moveStatus(deps.db, id, request.status, CUSTOMER_PHOTO_REQUEST_MOVE))) {
    throw conflict(photoRequestMessages.photoRequestNotCancellable, undefined, 'INVALID_TRANSITION');
  }
  return getUserPhotoRequest(deps, userId, id);
}

async function getAnyPhotoRequest(deps: AppDeps, id: number) {
  const request = await repo.findStaffPhotoRequest(deps.db, id);
  if (!request) throw notFound(photoRequestMessages.photoRequestNotFound);
  return request;
}

/** A move the lifecycle does not allow: 409 naming it (a closed request says it is closed). */
const invalidMove = (from: PhotoRequestStatus, to: PhotoRequestStatus) =>
  conflict(
    STAFF_PHOTO_REQUEST_TRANSITIONS[from].length === 0
      ? photoRequestMessages.photoRequestFinal
      : photoRequestMessages.photoRequestMove(from, to),
    'status',
    'INVALID_TRANSITION',
  );

/**
 * Staff moves, per STAFF_PHOTO_REQUEST_TRANSITIONS; anything else is a 409 that names the move. Completing
 * without a photo is a 409, rejecting without notes a 400 naming `notes` (photoRequestMoveProblem).
 */
export async function staffUpdatePhotoRequest(deps: AppDeps, staffId: number, id: number, to: PhotoRequestStatus, notes: string | null) {
  const request = await getAnyPhotoRequest(deps, id);
  if (STAFF_PHOTO_REQUEST_TRANSITIONS[request.status].length === 0) throw invalidMove(request.status, to);
  if (request.status === to && notes !== null) {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.moveStatus(tx, id, request.status, request.status, { staffNotes: notes }))) return;
      await recordAudit(tx, {
        actorId: staffId,
        action: 'photo_request.notes_updated',
        entityType: 'photo_request',
        entityId: id,
        before: { status: request.status, staffNotes: request.staffNotes },
        after: { status: request.status, staffNotes: notes },
      });
    });
    return getAnyPhotoRequest(deps, id);
  }
  if (!STAFF_PHOTO_REQUEST_TRANSITIONS[request.status].includes(to)) throw invalidMove(request.status, to);
  const problem = photoRequestMoveProblem(to, { photoCount: request.attachmentCount, notes: notes ?? request.staffNotes });
  if (problem?.field === 'notes') throw badRequest(problem.message, problem.field);
  if (problem) throw conflict(problem.message, problem.field);
  await deps.db.transaction(async (tx) => {
    const moved = await repo.moveStatus(tx, id, request.status, to, { staffNotes: notes ?? request.staffNotes, handledBy: staffId });
    if (!moved) throw invalidMove(request.status, to);
    await recordAudit(tx, {
      actorId: staffId,
      action: `photo_request.${to.toLowerCase()}`,
      entityType: 'photo_request',
      entityId: id,
      before: { status: request.status, staffNotes: request.staffNotes },
      after: { status: to, staffNotes: notes ?? request.staffNotes },
    });
    const ownerId = await repo.photoRequestOwnerId(tx, id);
    if (PHOTO_REQUEST_MOVE_MAILS[to] === 'photosReady' && ownerId)
      await notify.photosReady(deps, tx, ownerId, request.shipmentId, request.attachmentCount);
  });
  return getAnyPhotoRequest(deps, id);
}

export function toAttachment(row: repo.AttachmentRow): Attachment {
  return {
    id: row.id,
    fileName: row.fileName,
    originalFileName: row.originalFileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    fileUrl: repo.attachmentDownloadPath(row.id),
    thumbnailUrl: row.thumbnailKey ? `/api/photo-request-attachments/${row.id}/thumbnail` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Attachments of a request the viewer may see: its owner, or any staff member or admin. */
export async function listVisibleAttachments(deps: AppDeps, viewer: { id: number; role: string }, photoRequestId: number) {
  const request = await repo.findPhotoRequest(
    deps.db,
    viewer.role === 'user' ? { id: photoRequestId, userId: viewer.id } : { id: photoRequestId },
  );
  if (!request) throw notFound(photoRequestMessages.photoRequestNotFound);
  return (await repo.listAttachments(deps.db, photoRequestId)).map(toAttachment);
}

export async function findVisibleAttachment(deps: AppDeps, viewer: { id: number; role: string }, attachmentId: number) {
  const found = await repo.findAttachment(deps.db, attachmentId);
  if (!found || (viewer.role === 'user' && found.ownerId !== viewer.id)) throw notFound(m.noImage);
  return found.attachment;
}

/** The first photo of a request, for SPEC.md's single "download image" action. */
export async function firstVisibleAttachment(deps: AppDeps, viewer: { id: number; role: string }, photoRequestId: number) {
  const [first] = await listVisibleAttachments(deps, viewer, photoRequestId);
  if (!first) throw notFound(m.noImage);
  return findVisibleAttachment(deps, viewer, first.id);
}

export interface UploadedFile {
  originalFileName: string;
  body: Buffer;
}

/** An uploaded file's name as stored: no folders, control characters or quotes, at most 255 characters. */
export function cleanFileName(name: string, fallback = 'photo'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 255) || fallback;
}

type CheckedImage = UploadedFile & { image: NonNullable<Awaited<ReturnType<typeof inspectImage>>>; thumbnail: Buffer };

/**
 * Checks every file first (a real, decodable JPEG, PNG or WebP, within the count limit), so one bad
 * file means nothing is stored.
 */
export async function checkImages(files: UploadedFile[]): Promise<CheckedImage[]> {
  if (files.length === 0) throw badRequest(photoRequestMessages.noFiles, 'files');
  if (files.length > PHOTO_MAX_FILES) throw badRequest(`At most ${PHOTO_MAX_FILES} images can be uploaded at once`, 'files');
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const image = await inspectImage(file.body);
    if (image && exceedsPixelLimit(image)) throw badRequest(photoRequestMessages.imageTooLarge(PHOTO_MAX_MEGAPIXELS), 'files');
    // A file with a valid header that does not decode (truncated, corrupt) is refused like any non-image.
    const thumbnail = image && (await makeThumbnail(file.body).catch(() => null));
    if (!image || !thumbnail) throw new AppError(415, photoRequestMessages.notAnImage, 'Unsupported Media Type', 'files');
    checked.push({ ...file, image, thumbnail });
  }
  return checked;
}

/** What stored photos belong to: a photo request, or a package (photos taken at receipt, decision 030). */
export type PhotoOwner = { photoRequestId: number } | { packageId: number };

const storageFolder = (owner: PhotoOwner) =>
  'photoRequestId' in owner ? `photos/${owner.photoRequestId}` : `photos/package-${owner.packageId}`;

/**
 * Writes checked images to storage, then `save` writes their rows (in the caller's transaction);
 * if anything fails the stored files are removed again.
 */
export async function storeImages<T>(
  deps: AppDeps,
  owner: PhotoOwner,
  staffId: number,
  images: CheckedImage[],
  save: (rows: Parameters<typeof repo.insertAttachment>[1][]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    const rows: Parameters<typeof repo.insertAttachment>[1][] = [];
    for (const file of images) {
      const name = `${randomUUID()}.${file.image.extension}`;
      const key = `${storageFolder(owner)}/${name}`;
      const thumbKey = `${storageFolder(owner)}/thumb-${randomUUID()}.webp`;
      await deps.storage.put(key, file.body, file.image.mimeType);
      stored.push(key);
      await deps.storage.put(thumbKey, file.thumbnail, 'image/webp');
      stored.push(thumbKey);
      rows.push({
        ...owner,
        fileName: name,
        originalFileName: cleanFileName(file.originalFileName),
        mimeType: file.image.mimeType,
        fileSize: file.body.length,
        storageKey: key,
        thumbnailKey: thumbKey,
        uploadedBy: staffId,
      });
    }
    return await save(rows);
  } catch (err) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
    throw err;
  }
}

/** Staff attach photos to an open request. */
export async function addAttachments(deps: AppDeps, staffId: number, photoRequestId: number, files: UploadedFile[]) {
  const request = await getAnyPhotoRequest(deps, photoRequestId);
  if (request.status !== 'PENDING' && request.status !== 'IN_PROGRESS') throw conflict(photoRequestMessages.photoRequestFinal);
  const images = await checkImages(files);
  const inserted = await storeImages(deps, { photoRequestId }, staffId, images, (rows) =>
    deps.db.transaction(async (tx) => {
      const out = [];
      for (const row of rows) out.push(await repo.insertAttachment(tx, row));
      await recordAudit(tx, {
        actorId: staffId,
        action: 'photo_request.photos_added',
        entityType: 'photo_request',
        entityId: photoRequestId,
        after: { files: out.map((a) => a.originalFileName) },
      });
      return out;
    }),
  );
  return inserted.map(toAttachment);
}

/** A row whose file is gone from storage: the user sees SPEC.md's "no image" message. */
export function missingFile() {
  return notFound(m.noImage);
}

/**
 * Photos taken at receipt belong to the package (decision 030): the customer sees them in Package
 * Details, never as a photo request they did not make. Runs in the caller's transaction; answers
 * the storage keys of the photos, in upload order.
 */
export async function recordReceiptPhotos(
  deps: AppDeps,
  tx: Executor,
  receipt: { staffId: number; packageId: number; images: CheckedImage[] },
) {
  const rows = await storeImages(deps, { packageId: receipt.packageId }, receipt.staffId, receipt.images, async (attachmentRows) => {
    for (const row of attachmentRows) await repo.insertAttachment(tx, row);
    return attachmentRows;
  });
  return rows.map((r) => r.storageKey);
}

/**
 * A photo already stored (a split's parcel photographed when the split was finished, decision 069) recorded as a
 * receipt photo of the package it shows, in the caller's transaction.
 */
export async function recordStoredReceiptPhoto(
  tx: Executor,
  photo: {
    staffId: number;
    packageId: number;
    stored: { fileName: string; mimeType: string; fileSize: number; storageKey: string; thumbnailKey: string | null };
  },
) {
  const { stored } = photo;
  await repo.insertAttachment(tx, {
    packageId: photo.packageId,
    fileName: stored.storageKey.split('/').pop() ?? stored.fileName,
    originalFileName: stored.fileName,
    mimeType: stored.mimeType,
    fileSize: stored.fileSize,
    storageKey: stored.storageKey,
    thumbnailKey: stored.thumbnailKey,
    uploadedBy: photo.staffId,
  });
}

/** The photos taken at receipt of a package, for its owner (or staff): the caller has checked who may see the package. */
export async function receiptPhotosOf(deps: AppDeps, packageId: number) {
  return (await repo.listReceiptPhotos(deps.db, packageId)).map(toAttachment);
}

/** The photos staff took for a photo request, in upload order (read by staff beside a claim). */
export async function requestPhotosOf(deps: AppDeps, photoRequestId: number) {
  return (await repo.listAttachments(deps.db, photoRequestId)).map(toAttachment);
}
