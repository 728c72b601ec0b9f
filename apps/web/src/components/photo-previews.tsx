import { X } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { formatFileSize } from '@/lib/format';

/** Chosen photos before they are sent: a thumbnail each, with a remove button. */
export function PhotoPreviews({
  files,
  onRemove,
  disabled = false,
}: {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  if (files.length === 0) return null;
  return (
    <ul aria-label="Chosen photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${file.size}-${file.lastModified}`}
          className="group relative overflow-hidden rounded-lg border border-line bg-subtle"
        >
          <img src={urls[index]} alt={`Preview of ${file.name}`} className="aspect-square w-full object-cover" />
          <div className="flex items-center justify-between gap-2 px-2 py-1.5">
            <span className="min-w-0 truncate text-xs text-fg" title={file.name}>
              {file.name}
            </span>
            <span className="shrink-0 text-[11px] text-muted">{formatFileSize(file.size)}</span>
          </div>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(index)}
            aria-label={`Remove ${file.name}`}
            className="touch-target absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-full bg-slate-950/60 text-white hover:bg-slate-950/80 disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
