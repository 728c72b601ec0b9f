import { CLAIM_PHOTOS_MAX } from '@hopbox/contracts/claims';
import { PhotoDropZone } from '@/components/photo-drop-zone';
import { PhotoPreviews } from '@/components/photo-previews';

/**
 * A claim's or an answer's photos before they are sent: dropped or chosen (images only, within the photo upload
 * limits), previewed, each removable; no more than CLAIM_PHOTOS_MAX in all.
 */
export function PhotoPicker({
  photos,
  onChange,
  label,
  disabled = false,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  label: string;
  disabled?: boolean;
}) {
  const room = CLAIM_PHOTOS_MAX - photos.length;
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-fg">Photos</p>
        <p className="text-xs text-muted" aria-live="polite">
          {photos.length} of {CLAIM_PHOTOS_MAX}
        </p>
      </div>
      {room > 0 && (
        <PhotoDropZone
          label={label}
          maxFiles={room}
          disabled={disabled}
          onFiles={(added) => onChange([...photos, ...added].slice(0, CLAIM_PHOTOS_MAX))}
        />
      )}
      <PhotoPreviews files={photos} disabled={disabled} onRemove={(index) => onChange(photos.filter((_, i) => i !== index))} />
    </div>
  );
}
