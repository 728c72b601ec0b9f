import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where photo files live. Keys are relative paths such as `photos/12/abc.jpg`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Writes the file only when the key is free; answers whether it wrote (false: another write came first). */
  create(key: string, body: Buffer, contentType: string): Promise<boolean>;
  /** The file as a stream, or null when it is missing. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Throws StorageUnavailableError when the store cannot be reached (the readiness check). */
  check(): Promise<void>;
}

/** The store could not be reached or refused the operation: the request answers 503, nothing half-written. */
export class StorageUnavailableError extends Error {}

/** Files under `DATA_DIR/uploads/`; keys never leave that folder. */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`storage key outside the uploads folder: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async create(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(file, body, { flag: 'wx' });
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async check() {
      try {
        await mkdir(root, { recursive: true });
      } catch (err) {
        throw new StorageUnavailableError(`uploads folder unavailable: ${root}`, { cause: err });
      }
    },
  };
}
