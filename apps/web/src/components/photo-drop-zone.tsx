import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES, PHOTO_MIME_TYPES } from '@hopbox/contracts/photo-requests';
import { ImagePlus } from 'lucide-react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/toast';

const ACCEPT = Object.fromEntries(PHOTO_MIME_TYPES.map((type) => [type, []])) as Record<string, string[]>;

function rejectionMessage({ file, errors }: FileRejection): string {
  const code = errors[0]?.code;
  if (code === 'file-too-large') return `${file.name} is larger than ${formatFileSize(PHOTO_MAX_BYTES)}`;
  if (code === 'file-invalid-type') return `${file.name}: only JPEG, PNG and WebP images can be uploaded`;
  if (code === 'too-many-files') return `At most ${PHOTO_MAX_FILES} images can be added at once`;
  return `${file.name}: ${errors[0]?.message ?? 'cannot be added'}`;
}

export interface PhotoDropZoneProps {
  onFiles: (files: File[]) => void;
  /** The accessible name of the file input, e.g. "Add photos taken at receipt". */
  label: string;
  disabled?: boolean;
  /** How many more files may be added (the API takes at most 10 per request). */
  maxFiles?: number;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Drag and drop images, or click (or Enter) to choose several. JPEG, PNG and WebP up to 10 MB;
 * the server checks them again by content.
 */
export function PhotoDropZone({
  onFiles,
  label,
  disabled = false,
  maxFiles = PHOTO_MAX_FILES,
  invalid = false,
  describedBy,
}: PhotoDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    maxSize: PHOTO_MAX_BYTES,
    maxFiles,
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) {
        const unique = new Set(rejected.map(rejectionMessage));
        for (const message of unique) toast.error(message);
      }
      if (accepted.length > 0) onFiles(accepted);
    },
  });

  // The input sits beside the button rather than inside it, so no control is nested in another.
  return (
    <div>
      <div
        {...getRootProps({
          role: 'button',
          'aria-label': label,
          'aria-describedby': describedBy,
          'aria-disabled': disabled || undefined,
        })}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isDragActive
            ? 'border-accent bg-accent-soft'
            : invalid
              ? 'border-danger bg-danger-soft/40'
              : 'border-line-strong bg-subtle/50 hover:bg-subtle',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
          <ImagePlus className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-fg">
          {isDragActive ? (
            'Drop the photos here'
          ) : (
            <>
              Drag photos here, or <span className="text-accent-fg underline underline-offset-2">choose files</span>
            </>
          )}
        </p>
        <p className="text-xs text-muted">
          JPEG, PNG or WebP, up to {formatFileSize(PHOTO_MAX_BYTES)} each, {maxFiles} at a time
        </p>
      </div>
      <input {...getInputProps({ 'aria-label': label })} />
    </div>
  );
}
