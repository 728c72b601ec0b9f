import { uploadForm } from '@/lib/api-client';

/**
 * POST /api/staff/photo-requests/{id}/attachments with one file, so each file has its own progress
 * and its own answer (a 413 or 415 names that file only).
 */
export function uploadAttachment(photoRequestId: number, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('files', file, file.name);
  const handle = uploadForm('/api/staff/photo-requests/{id}/attachments', { id: photoRequestId }, form, onProgress);
  return { promise: handle.promise.then((uploaded) => uploaded.attachments), abort: handle.abort };
}
