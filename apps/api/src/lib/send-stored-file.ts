import type { FastifyReply } from 'fastify';
import type { Storage } from '../providers/storage/storage.ts';

/** A file kept in storage, as an answer sends it: its key, its type and its content-disposition header. */
export interface StoredFile {
  key: string;
  mimeType: string;
  disposition: string;
  /** More headers of this answer (a content-security-policy, say). */
  headers?: Record<string, string>;
}

/**
 * Streams an uploaded file (a photo, a support file): cached an hour by the browser only, never sniffed as
 * another type. A file gone from storage throws `missing()`, the module's own not-found answer.
 */
export async function sendStoredFile(reply: FastifyReply, storage: Storage, file: StoredFile, missing: () => Error) {
  const stored = await storage.get(file.key);
  if (!stored) throw missing();
  reply.header('content-type', file.mimeType).header('content-length', stored.size);
  reply.header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff');
  reply.header('content-disposition', file.disposition);
  if (file.headers) reply.headers(file.headers);
  return reply.send(stored.stream);
}
