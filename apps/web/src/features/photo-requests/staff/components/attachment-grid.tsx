import type { Attachment } from '@hopbox/contracts/photo-requests';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { AuthorizedImage } from '@/components/authorized-image';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { formatFileSize } from '@/lib/format';
import { useDownloadFile } from '@/lib/protected-file';

/** The photos already on a request, as thumbnails with a download each. */
export function AttachmentGrid({ attachments, loading }: { attachments: readonly Attachment[] | undefined; loading: boolean }) {
  const [busy, setBusy] = useState<number | null>(null);
  const download = useDownloadFile();
  if (loading) {
    return <SkeletonGroup count={2} className="grid grid-cols-2 gap-3 sm:grid-cols-4" itemClassName="aspect-square" />;
  }
  if (!attachments || attachments.length === 0) return <p className="text-sm text-muted">No photos uploaded yet.</p>;
  return (
    <ul aria-label="Uploaded photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {attachments.map((a) => (
        <li key={a.id} className="overflow-hidden rounded-lg border border-line bg-subtle">
          <AuthorizedImage src={a.thumbnailUrl ?? a.fileUrl} alt={a.originalFileName} className="aspect-square w-full" />
          <div className="flex items-center gap-1 py-1 pr-1 pl-2">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-xs text-fg" title={a.originalFileName}>
                {a.originalFileName}
              </span>
              <span className="block text-[11px] text-muted">{formatFileSize(a.fileSize)}</span>
            </span>
            <button
              type="button"
              aria-label={`Download ${a.originalFileName}`}
              disabled={busy === a.id}
              onClick={() => {
                setBusy(a.id);
                void download(a.fileUrl, a.originalFileName).finally(() => setBusy(null));
              }}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-fg disabled:opacity-50"
            >
              <Download className="size-4" aria-hidden="true" />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
