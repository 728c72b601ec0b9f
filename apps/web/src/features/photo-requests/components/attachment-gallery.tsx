import type { Attachment } from '@hopbox/contracts/photo-requests';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { PhotoPreview, PhotoThumbnail, photoName } from '@/components/photo-view';
import { cn } from '@/lib/cn';
import { formatKilobytes } from '@/lib/format';

/**
 * The request's photos: a large preview of the chosen one, and the file list (name, size in KB,
 * Download). Images come through the API with the session's token and are shown from blob URLs.
 */
export function AttachmentGallery({
  attachments,
  onDownload,
  downloading,
}: {
  attachments: Attachment[];
  onDownload: (attachment: Attachment) => void;
  /** The id of the attachment being downloaded. */
  downloading: number | null;
}) {
  const [chosenId, setChosenId] = useState<number | null>(attachments[0]?.id ?? null);
  useEffect(() => {
    if (!attachments.some((a) => a.id === chosenId)) setChosenId(attachments[0]?.id ?? null);
  }, [attachments, chosenId]);
  const chosen = attachments.find((a) => a.id === chosenId) ?? attachments[0];
  if (!chosen) return null;

  return (
    <div className="space-y-3">
      <PhotoPreview key={chosen.id} attachment={chosen} />
      <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line" aria-label="Uploaded files">
        {attachments.map((attachment) => {
          const name = photoName(attachment);
          const active = attachment.id === chosen.id;
          return (
            <li key={attachment.id} className={cn('flex items-center gap-3 px-3 py-2.5', active && 'bg-accent-soft/50')}>
              <button
                type="button"
                onClick={() => setChosenId(attachment.id)}
                aria-label={`Show ${name}`}
                aria-pressed={active}
                className={cn(
                  'size-12 shrink-0 overflow-hidden rounded-md ring-offset-2 ring-offset-surface',
                  active ? 'ring-2 ring-accent' : 'ring-1 ring-line',
                )}
              >
                <PhotoThumbnail attachment={attachment} className="size-full" />
              </button>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg" title={name}>
                  {name}
                </p>
                <p className="text-xs text-muted tabular-nums">{formatKilobytes(attachment.fileSize)}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onDownload(attachment)}
                loading={downloading === attachment.id}
                aria-label={`Download ${name}`}
              >
                {downloading !== attachment.id && <Download className="size-4" aria-hidden="true" />}
                <span className="hidden sm:inline">Download</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
