import type { Attachment } from '@hopbox/contracts/photo-requests';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { PhotoPreview, PhotoThumbnail, photoName } from '@/components/photo-view';
import { cn } from '@/lib/cn';

/**
 * A row of photo thumbnails that scrolls sideways on a phone; choosing one opens it large below
 * the row, choosing it again (or Close photo) closes it.
 */
export function PhotoStrip({ photos, label }: { photos: Attachment[]; label: string }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const open = photos.find((p) => p.id === openId) ?? null;
  if (photos.length === 0) return null;
  return (
    <div className="space-y-3">
      <ul aria-label={label} className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 py-1">
        {photos.map((photo, index) => {
          const active = photo.id === openId;
          return (
            <li key={photo.id} className="shrink-0 snap-start">
              <button
                type="button"
                onClick={() => setOpenId(active ? null : photo.id)}
                aria-pressed={active}
                aria-label={`Photo ${index + 1} of ${photos.length}: ${photoName(photo)}`}
                className={cn(
                  'block size-20 overflow-hidden rounded-lg ring-offset-2 ring-offset-surface transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent sm:size-24',
                  active ? 'ring-2 ring-accent' : 'ring-1 ring-line hover:ring-accent/60',
                )}
              >
                <PhotoThumbnail attachment={photo} className="size-full" />
              </button>
            </li>
          );
        })}
      </ul>
      {open && (
        <div className="space-y-2">
          <PhotoPreview key={open.id} attachment={open} label={label} />
          <div className="flex items-center justify-between gap-2">
            <p className="min-w-0 truncate text-xs text-muted" title={photoName(open)}>
              {photoName(open)}
            </p>
            <Button variant="secondary" size="sm" onClick={() => setOpenId(null)}>
              <X className="size-4" aria-hidden="true" />
              Close photo
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
