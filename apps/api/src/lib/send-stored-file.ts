import type { FastifyReply } from 'fastify';
import type { Storage } from '../providers/storage/storage.ts';
import { contentDisposition } from './content-disposition.ts';

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

/**
 * Streams a customer's document (an image, a PDF in the browser's viewer) to be shown in the page, never run
 * as a document of this site.
 */
export function sendDocument(
  reply: FastifyReply,
  storage: Storage,
  file: { key: string; mimeType: string; name: string },
  missing: () => Error,
) {
  // Chromium's PDF viewer does not open in a sandboxed document; files are only checked images and PDFs, sent with nosniff.
  const sandbox = file.mimeType === 'application/pdf' ? '' : '; sandbox';
  return sendStoredFile(
    reply,
    storage,
    {
      key: file.key,
      mimeType: file.mimeType,
      disposition: contentDisposition('inline', file.name),
      headers: { 'content-security-policy': `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'${sandbox}` },
    },
    missing,
  );
}
