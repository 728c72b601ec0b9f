import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import type { UploadItem } from '../hooks/use-uploads';

/** One row per file: its name, a progress bar, and its outcome (the server's 413 or 415 message when refused). */
export function UploadList({ items, onDismiss }: { items: readonly UploadItem[]; onDismiss: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="space-y-2">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li key={item.key} className="rounded-lg border border-line px-3 py-2.5">
            <div className="flex items-center gap-2">
              {item.state === 'done' && <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />}
              {item.state === 'failed' && <CircleAlert className="size-4 shrink-0 text-danger" aria-hidden="true" />}
              <span className="min-w-0 flex-1 truncate text-sm text-fg" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="shrink-0 text-xs text-muted tabular-nums">
                {item.state === 'uploading' ? `${percent}%` : item.state === 'done' ? 'Uploaded' : 'Failed'} ·{' '}
                {formatFileSize(item.file.size)}
              </span>
              <button
                type="button"
                onClick={() => onDismiss(item.key)}
                aria-label={item.state === 'uploading' ? `Cancel upload of ${item.file.name}` : `Dismiss ${item.file.name}`}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
            <div
              role="progressbar"
              aria-label={`Upload of ${item.file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-subtle"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-200',
                  item.state === 'failed' ? 'bg-danger' : item.state === 'done' ? 'bg-success' : 'bg-accent',
                )}
                style={{ width: `${item.state === 'failed' ? 100 : percent}%` }}
              />
            </div>
            {item.error && (
              <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
                {item.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
