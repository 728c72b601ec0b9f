import { randomUUID } from 'node:crypto';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { checkImages, cleanFileName, type UploadedFile } from './photo-requests-service.ts';

/**
 * Documents a customer attaches (a support message's files, a pre-alert's invoice): images checked as photos are,
 * and PDFs recognised by their header, within the photo upload limits.
 */

const PDF_MAGIC = Buffer.from('%PDF-');
const isPdf = (file: UploadedFile) => file.body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

export interface CheckedDocument {
  fileName: string;
  mimeType: string;
  body: Buffer;
  thumbnail: Buffer | null;
  extension: string;
}

/**
 * Checks photos as photo requests check them (decodable JPEG, PNG or WebP within the pixel and count limits), as
 * documents to store. A file that is not an image answers 415 with `notAPhoto`; other refusals keep their message.
 */
export async function checkPhotos(files: UploadedFile[], notAPhoto: string): Promise<CheckedDocument[]> {
  if (files.length === 0) return [];
  const checked = await checkImages(files).catch((err: unknown) => {
    if (err instanceof AppError && err.message === photoRequestMessages.notAnImage) {
      throw new AppError(415, notAPhoto, 'Unsupported Media Type', 'files');
    }
    throw err;
  });
  return checked.map((f) => ({
    fileName: cleanFileName(f.originalFileName, `image.${f.image.extension}`),
    mimeType: f.image.mimeType,
    body: f.body,
    thumbnail: f.thumbnail,
    extension: f.image.extension,
  }));
}

/**
 * Checks every file before anything is stored: PDFs by their header, images as photos are checked (checkPhotos). A
 * file that is neither answers 415 with `notADocument`; other refusals (size, pixels) keep their own message.
 */
export async function checkDocuments(files: UploadedFile[], notADocument: string): Promise<CheckedDocument[]> {
  const pdfs = files.filter(isPdf);
  return [
    ...pdfs.map((f) => ({
      fileName: cleanFileName(f.originalFileName, 'document.pdf'),
      mimeType: 'application/pdf',
      body: f.body,
      thumbnail: null,
      extension: 'pdf',
    })),
    ...(await checkPhotos(
      files.filter((f) => !isPdf(f)),
      notADocument,
    )),
  ];
}

export type StoredDocument = { fileName: string; mimeType: string; fileSize: number; storageKey: string; thumbnailKey: string | null };

/** Stores the checked files under `folder`, then `save` writes the rows; stored files are removed again when anything fails. */
export async function withStoredDocuments<T>(
  deps: AppDeps,
  folder: string,
  files: CheckedDocument[],
  save: (stored: StoredDocument[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    const stored: StoredDocument[] = [];
    for (const file of files) {
      const storageKey = `${folder}/${randomUUID()}.${file.extension}`;
      await deps.storage.put(storageKey, file.body, file.mimeType);
      keys.push(storageKey);
      let thumbnailKey: string | null = null;
      if (file.thumbnail) {
        thumbnailKey = `${folder}/thumb-${randomUUID()}.webp`;
        await deps.storage.put(thumbnailKey, file.thumbnail, 'image/webp');
        keys.push(thumbnailKey);
      }
      stored.push({ fileName: file.fileName, mimeType: file.mimeType, fileSize: file.body.length, storageKey, thumbnailKey });
    }
    return await save(stored);
  } catch (err) {
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => {})));
    throw err;
  }
}
