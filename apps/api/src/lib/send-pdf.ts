import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.ts';

/** A rendered PDF and the name the browser offers to save it under. */
export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

/** A PDF shown in the browser's viewer (inline), never cached by a shared cache. */
export function sendPdf(reply: FastifyReply, { pdf, fileName }: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.length)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition('inline', fileName))
    .send(pdf);
}
