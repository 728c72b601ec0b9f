import { PHOTO_MAX_MEGAPIXELS } from '@hopbox/contracts/photo-requests';
import sharp from 'sharp';

const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;

/** The most pixels any photo may decode to; a bigger one is refused before it is decoded. */
export const PHOTO_MAX_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;

export interface InspectedImage {
  mimeType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Recognises JPEG, PNG and WebP by their content (never the file name); anything else answers null.
 * Only the header is read, so the size it declares can be checked before anything is decoded.
 */
export async function inspectImage(body: Buffer): Promise<InspectedImage | null> {
  try {
    // Reading the header decodes no pixels; the limit guards every decode below.
    const meta = await sharp(body, { limitInputPixels: false }).metadata();
    const format = FORMATS[meta.format as keyof typeof FORMATS];
    if (!format || !meta.width || !meta.height) return null;
    return { mimeType: format.mime, extension: format.ext, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Whether decoding the image would take more than PHOTO_MAX_PIXELS (a decompression bomb, or simply too big). */
export function exceedsPixelLimit(image: InspectedImage): boolean {
  return image.width * image.height > PHOTO_MAX_PIXELS;
}

/** A small WebP for lists and previews, turned upright by its EXIF orientation. */
export function makeThumbnail(body: Buffer): Promise<Buffer> {
  return sharp(body, { limitInputPixels: PHOTO_MAX_PIXELS })
    .rotate()
    .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}
