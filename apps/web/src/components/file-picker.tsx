import { DOCUMENT_MIME_TYPES, PHOTO_MAX_BYTES, PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import { Paperclip, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { formatFileSize } from '@/lib/format';

/**
 * Documents a customer attaches (a support message's files, a pre-alert's invoice), checked here as the API
 * checks them: by the browser's type here, by their content there; within the photos' size and count limits.
 */
export function documentProblem(files: readonly File[], maxFiles: number = PHOTO_MAX_FILES): string | null {
  if (files.length > maxFiles) return `At most ${maxFiles} files can be attached at once`;
  const wrongType = files.find((f) => !(DOCUMENT_MIME_TYPES as readonly string[]).includes(f.type));
  if (wrongType) return `${wrongType.name}: attach images (JPEG, PNG or WebP) or PDF files`;
  const tooLarge = files.find((f) => f.size > PHOTO_MAX_BYTES);
  if (tooLarge) return `${tooLarge.name} is larger than ${formatFileSize(PHOTO_MAX_BYTES)}`;
  return null;
}

interface DocumentPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  /** One file (a new choice replaces it) or several (each choice adds). */
  multiple?: boolean;
  label?: string;
}

/** Documents to attach: chosen with a labelled picker, listed with a way to remove each. */
export function DocumentPicker({ files, onChange, error, multiple = true, label = 'Attach files' }: DocumentPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const limits = multiple
    ? `Images or PDF, up to ${PHOTO_MAX_FILES} files of ${formatFileSize(PHOTO_MAX_BYTES)}`
    : `An image or a PDF, up to ${formatFileSize(PHOTO_MAX_BYTES)}`;
  return (
    <div>
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-1.5 rounded-md text-sm font-medium text-accent-fg hover:underline focus-within:outline-2 focus-within:outline-accent"
      >
        <Paperclip className="size-4" aria-hidden="true" />
        {label}
        <input
          ref={input}
          id={id}
          type="file"
          multiple={multiple}
          accept={DOCUMENT_MIME_TYPES.join(',')}
          className="sr-only"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            onChange(multiple ? [...files, ...chosen] : chosen.slice(0, 1));
            if (input.current) input.current.value = '';
          }}
        />
      </label>
      <span id={`${id}-hint`} className="ml-2 text-xs text-muted">
        {limits}
      </span>
      {files.length > 0 && (
        <ul aria-label={multiple ? 'Files to send' : 'File to attach'} className="mt-2 flex flex-wrap gap-2">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-1 rounded-md bg-subtle py-1 pr-1 pl-2 text-xs text-fg">
              <span className="max-w-48 truncate">{file.name}</span>
              <button
                type="button"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                className="rounded p-0.5 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
                aria-label={`Remove ${file.name}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
