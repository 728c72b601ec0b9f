import { PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import { useId } from 'react';
import { PhotoDropZone } from '@/components/photo-drop-zone';
import { PhotoPreviews } from '@/components/photo-previews';
import { toast } from '@/lib/toast';

/**
 * Photos chosen to send with a form: a titled drop zone, the field's error under it, and a preview of each chosen
 * photo with its remove button. At most `max` photos; more are refused with a toast.
 */
export function PhotoPicker({
  title,
  label,
  files,
  onChange,
  max = PHOTO_MAX_FILES,
  error,
  disabled = false,
}: {
  /** What the photos are, shown above the drop zone. */
  title: string;
  /** The drop zone's accessible name, e.g. "Add photos of parcel 1". */
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  max?: number;
  error?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  const room = max - files.length;
  const add = (added: File[]) => {
    if (added.length > room) toast.error(`At most ${max} ${max === 1 ? 'photo' : 'photos'} here`);
    onChange([...files, ...added.slice(0, Math.max(room, 0))]);
  };
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-fg">{title}</p>
      {room > 0 && (
        <PhotoDropZone
          label={label}
          onFiles={add}
          disabled={disabled}
          maxFiles={room}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
      <PhotoPreviews files={files} disabled={disabled} onRemove={(index) => onChange(files.filter((_, i) => i !== index))} />
    </div>
  );
}
