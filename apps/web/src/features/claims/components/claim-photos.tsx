import { claimPhotoPath } from '@hopbox/contracts/claim-path';
import type { ClaimPhoto } from '@hopbox/contracts/claims';
import type { Attachment } from '@hopbox/contracts/photo-requests';
import { PhotoStrip } from '@/components/photo-strip';

/** A claim's photo as the shared photo strip reads it, from the customer's own photo path. */
const asAttachment = (photo: ClaimPhoto, createdAt: string): Attachment => ({
  id: photo.id,
  fileName: photo.fileName,
  originalFileName: photo.fileName,
  fileSize: photo.fileSize,
  mimeType: photo.mimeType,
  fileUrl: claimPhotoPath(photo.id, 'user'),
  thumbnailUrl: photo.thumbnailUrl,
  createdAt,
});

/** Thumbnails of a claim's (or an answer's) photos; choosing one opens it full size below. Nothing when there are none. */
export function ClaimPhotos({ photos, createdAt, label }: { photos: readonly ClaimPhoto[]; createdAt: string; label: string }) {
  if (photos.length === 0) return null;
  return <PhotoStrip photos={photos.map((p) => asAttachment(p, createdAt))} label={label} />;
}
