import type { Attachment } from '@hopbox/contracts/photo-requests';
import { ImageOff, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { useProtectedImage } from '@/lib/protected-file';

export const photoName = (attachment: Attachment) => attachment.originalFileName || attachment.fileName;

/** A photo's small preview (its thumbnail when the server made one), loaded with the session's token. */
export function PhotoThumbnail({ attachment, className }: { attachment: Attachment; className?: string }) {
  const image = useProtectedImage(attachment.thumbnailUrl ?? attachment.fileUrl);
  if (image.url) return <img src={image.url} alt="" className={cn('object-cover', className)} />;
  return (
    <span className={cn('flex items-center justify-center bg-subtle text-muted', className)}>
      {image.isError ? <ImageOff className="size-4" aria-hidden="true" /> : <Skeleton className="size-full rounded-none" />}
    </span>
  );
}

/** A photo at full size, contained in its frame, with loading and retry states. */
export function PhotoPreview({ attachment, label = 'Photo' }: { attachment: Attachment; label?: string }) {
  const image = useProtectedImage(attachment.fileUrl);
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-subtle">
      <div className="flex aspect-[4/3] items-center justify-center sm:aspect-auto sm:h-80">
        {image.url ? (
          <img src={image.url} alt={`${label} ${photoName(attachment)}`} className="size-full object-contain" />
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
