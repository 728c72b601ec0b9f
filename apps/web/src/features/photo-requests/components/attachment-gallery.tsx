import type { Attachment } from '@hopbox/contracts/photo-requests';
import { Download, ImageOff, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { formatKilobytes } from '@/lib/format';
import { useProtectedImage } from '@/lib/protected-file';

function Thumbnail({ attachment, className }: { attachment: Attachment; className?: string }) {
  const image = useProtectedImage(attachment.thumbnailUrl ?? attachment.fileUrl);
  if (image.url) return <img src={image.url} alt="" className={cn('object-cover', className)} />;
  return (
    <span className={cn('flex items-center justify-center bg-subtle text-muted', className)}>
      {image.isError ? <ImageOff className="size-4" aria-hidden="true" /> : <Skeleton className="size-full rounded-none" />}
    </span>
  );
}

function Preview({ attachment }: { attachment: Attachment }) {
  const image = useProtectedImage(attachment.fileUrl);
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-subtle">
      <div className="flex aspect-[4/3] items-center justify-center sm:aspect-auto sm:h-80">
        {image.url ? (
          // biome-ignore lint/a11y/noRedundantAlt: the photo is named by its file, which is what the customer uploaded or asked for
          <img src={image.url} alt={`Photo ${attachment.originalFileName || attachment.fileName}`} className="size-full object-contain" />
        ) : image.isError ? (
          <div className="flex flex-col items-center gap-2 text-sm text-muted" role="alert">
            <ImageOff className="size-6" aria-hidden="true" />
            The photo could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => image.retry()}>
              Try again
            </Button>
          </div>
        ) : (
          <span role="status" className="flex items-center gap-2 text-sm text-muted">
            <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
            Loading photo...
          </span>
        )}
      </div>
    </figure>
  );
}

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
      <Preview key={chosen.id} attachment={chosen} />
      <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line" aria-label="Uploaded files">
        {attachments.map((attachment) => {
          const name = attachment.originalFileName || attachment.fileName;
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
                <Thumbnail attachment={attachment} className="size-full" />
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
