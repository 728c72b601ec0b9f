import type { SupportAttachment } from '@hopbox/contracts/support';
import { FileText } from 'lucide-react';
import { AuthorizedImage } from '@/components/authorized-image';
import { formatFileSize } from '@/lib/format';
import { useDownloadFile } from '@/lib/protected-file';

/** A message's files: images as thumbnails, PDFs by name; each saved with its own name when chosen. */
export function AttachmentList({ attachments }: { attachments: readonly SupportAttachment[] }) {
  const download = useDownloadFile();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="mt-2 flex flex-wrap gap-2">
      {attachments.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            onClick={() => void download(file.url, file.fileName)}
            className="flex max-w-56 items-center gap-2 rounded-md border border-line bg-surface p-1.5 pr-2.5 text-left text-xs text-fg hover:bg-subtle focus-visible:outline-2 focus-visible:outline-accent"
          >
            {file.thumbnailUrl ? (
              <AuthorizedImage src={file.thumbnailUrl} alt="" className="size-10 shrink-0 rounded" />
            ) : (
              <FileText className="size-5 shrink-0 text-muted" aria-hidden="true" />
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium">{file.fileName}</span>
              <span className="text-muted">{formatFileSize(file.fileSize)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
