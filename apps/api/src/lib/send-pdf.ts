import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.ts';

/** A PDF shown in the browser's viewer (inline), never cached by a shared cache. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.length)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition('inline', fileName))
    .send(pdf);
}
