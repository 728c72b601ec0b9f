import { type CarrierEvent, CarrierRefusedError } from './carrier-provider.ts';

/** How much of a carrier's answer the product takes (decision 046). */
export const CARRIER_LIMITS = {
  /** A label PDF larger than this is refused, not stored. */
  labelBytes: 5 * 1024 * 1024,
  /** The newest events kept from one tracking read. */
  eventsPerRead: 200,
  /** The newest events a tracking answer shows. */
  eventsPerAnswer: 100,
  /** An answer body is read up to this many bytes before any parsing; past it the answer is refused. */
  answerBytes: 2 * 1024 * 1024,
} as const;

/** A label answer carries the PDF in base64 (4 letters per 3 bytes), with room for the rest of the answer. */
export const LABEL_ANSWER_BYTES = Math.ceil((CARRIER_LIMITS.labelBytes * 4) / 3) + 64 * 1024;

/** Rounded up to a tenth, so a size just over a limit never reads as the limit. */
const megabytes = (bytes: number) => `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The carrier's answer is too large to read: refused (asking again would answer the same). */
export class AnswerTooLargeError extends CarrierRefusedError {}

/**
 * The body of a carrier's answer as text, read only up to `maxBytes` (declared or streamed): a larger one is
 * refused before it is held in memory or parsed.
 */
export async function boundedText(res: Response, maxBytes: number, what: string): Promise<string> {
  const tooLarge = () => new AnswerTooLargeError(`${what} answered more than ${megabytes(maxBytes)}`);
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A label PDF within CARRIER_LIMITS.labelBytes; a larger one is the carrier's fault, stated for staff. */
export function checkedLabel(pdf: Uint8Array, carrier: string): Uint8Array {
  if (pdf.byteLength > CARRIER_LIMITS.labelBytes)
    throw new CarrierRefusedError(
      `${carrier} answered a label of ${megabytes(pdf.byteLength)}, over the ${megabytes(CARRIER_LIMITS.labelBytes)} a label may be`,
    );
  return pdf;
}

/** The newest CARRIER_LIMITS.eventsPerRead events of one read, in the order the carrier gave them. */
export function newestEvents(events: readonly CarrierEvent[]): CarrierEvent[] {
  if (events.length <= CARRIER_LIMITS.eventsPerRead) return [...events];
  const kept = new Set([...events].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, CARRIER_LIMITS.eventsPerRead));
  return events.filter((event) => kept.has(event));
}
