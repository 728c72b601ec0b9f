import type { Attachment } from '@hopbox/contracts/photo-requests';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-errors';
import { staffKeys } from '@/lib/staff-keys';
import { uploadAttachment } from '../api/upload-attachment';

export interface UploadItem {
  key: string;
  file: File;
  /** 0 to 1. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

let counter = 0;

/**
 * Uploads files to a photo request, one request per file so each has its own progress bar and its
 * own answer. Finished uploads refresh the request's photos and history.
 */
export function useUploads(photoRequestId: number) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const aborts = useRef(new Map<string, () => void>());

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const abort of running.values()) abort();
      running.clear();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({ key: `upload-${++counter}`, file, progress: 0, state: 'uploading' as const }));
      setItems((current) => [...current, ...added]);
      for (const item of added) {
        const handle = uploadAttachment(photoRequestId, item.file, (progress) => patch(item.key, { progress }));
        aborts.current.set(item.key, handle.abort);
        handle.promise
          .then((attachments: Attachment[]) => {
            patch(item.key, { state: 'done', progress: 1 });
            queryClient.setQueryData<Attachment[]>(staffKeys.attachments(photoRequestId), (old) => [...(old ?? []), ...attachments]);
          })
          .catch((err: unknown) => {
            if (err instanceof DOMException && err.name === 'AbortError') return;
            patch(item.key, { state: 'failed', error: errorMessage(err) });
          })
          .finally(() => {
            aborts.current.delete(item.key);
            void queryClient.invalidateQueries({ queryKey: staffKeys.attachments(photoRequestId) });
            void queryClient.invalidateQueries({ queryKey: staffKeys.audit('photo_request', photoRequestId) });
            void queryClient.invalidateQueries({ queryKey: staffKeys.photoRequests });
          });
      }
    },
    [photoRequestId, patch, queryClient],
  );

  const dismiss = useCallback((key: string) => {
    aborts.current.get(key)?.();
    aborts.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const uploading = items.some((item) => item.state === 'uploading');
  return { items, start, dismiss, uploading };
}
