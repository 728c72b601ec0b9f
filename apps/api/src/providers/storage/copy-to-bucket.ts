import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client, S3ServiceException } from '@aws-sdk/client-s3';

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** The object's size in the bucket, or null when it is not there. */
async function objectSize(s3: S3Client, bucket: string, key: string) {
  try {
    return Number((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? -1);
  } catch (err) {
    if (err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey')) return null;
    throw err;
  }
}

/**
 * `npm run cli -- storage:migrate`: copies every photo under DATA_DIR/uploads to the bucket under the same
 * key (the database stores keys, so nothing else changes). Idempotent: an object already there with the
 * same size is left alone, so a run can be repeated or resumed after an interruption.
 */
export async function copyUploadsToBucket(dataDir: string, s3: S3Client, bucket: string) {
  const root = path.resolve(dataDir, 'uploads');
  const result = { copied: 0, alreadyThere: 0 };
  for await (const file of filesUnder(root)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    const { size } = await stat(file);
    if ((await objectSize(s3, bucket, key)) === size) {
      result.alreadyThere++;
      continue;
    }
    const body = await readFile(file);
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    result.copied++;
  }
  return result;
}
