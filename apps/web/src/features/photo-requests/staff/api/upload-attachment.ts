import type { Attachment } from '@hopbox/contracts/photo-requests';
import { type UploadHandle, uploadForm } from '@/lib/api-client';

/**
 * POST /api/staff/photo-requests/{id}/attachments with one file, so each file has its own progress
 * and its own answer (a 413 or 415 names that file only).
 */
export function uploadAttachment(photoRequestId: number, file: File, onProgress: (fraction: number) => void): UploadHandle<Attachment[]> {
  const form = new FormData();
  form.append('files', file, file.name);
  const handle = uploadForm<{ success: true; attachments: Attachment[] }>(
    `/api/staff/photo-requests/${photoRequestId}/attachments`,
    form,
    onProgress,
  );
  return { promise: handle.promise.then((answer) => answer.attachments), abort: handle.abort };
}
