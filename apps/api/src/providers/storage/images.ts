import sharp from 'sharp';

const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;

export interface InspectedImage {
  mimeType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Recognises JPEG, PNG and WebP by their content (never the file name) and checks they decode;
 * anything else answers null.
 */
export async function inspectImage(body: Buffer): Promise<InspectedImage | null> {
  try {
    const meta = await sharp(body).metadata();
    const format = FORMATS[meta.format as keyof typeof FORMATS];
    if (!format || !meta.width || !meta.height) return null;
    return { mimeType: format.mime, extension: format.ext, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** A small WebP for lists and previews, turned upright by its EXIF orientation. */
export function makeThumbnail(body: Buffer): Promise<Buffer> {
  return sharp(body).rotate().resize(320, 320, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
}
