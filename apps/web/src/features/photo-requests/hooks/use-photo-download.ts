import { messages } from '@hopbox/contracts/messages';
import type { Attachment, PhotoRequest } from '@hopbox/contracts/photo-requests';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-errors';
import { useDownloadFile } from '@/lib/protected-file';
import { toast } from '@/lib/toast';
import { attachmentsQueryOptions } from '../api/get-attachments';

function downloadError(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return messages.packages.noImage;
  if (err instanceof ApiError && err.status === 0) return err.message;
  return messages.packages.downloadFailed;
}

/**
 * Downloads a photo under its original file name, or a request's first photo; failures are toasts
 * with SPEC.md's 'No image available for download' and 'Failed to download image'.
 * `busy` names what is downloading, so its button can show a spinner.
 */
export function usePhotoDownload() {
  const queryClient = useQueryClient();
  const download = useDownloadFile();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, task: () => Promise<void>) => {
    setBusy(key);
    try {
      await task();
    } catch (err) {
      toast.error(downloadError(err));
    } finally {
      setBusy(null);
    }
  };

  const downloadAttachment = (attachment: Attachment) =>
    run(`attachment-${attachment.id}`, () => download(attachment.fileUrl, attachment.originalFileName || attachment.fileName));

  const downloadFirstPhoto = (request: PhotoRequest) =>
    run(`request-${request.id}`, async () => {
      if (request.attachmentCount === 0) {
        toast.error(messages.packages.noImage);
        return;
      }
      const [first] = await queryClient.fetchQuery(attachmentsQueryOptions(request.id));
      if (!first) {
        toast.error(messages.packages.noImage);
        return;
      }
      await download(first.fileUrl, first.originalFileName || first.fileName);
    });

  return { downloadAttachment, downloadFirstPhoto, busy };
}
