import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { runInWorker } from '../../lib/worker-thread.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { InvoiceInput } from './invoice-pdf.ts';

/** What an invoice states of its shipment's goods and parties: all of it but the booking (decision 046). */
export type InvoiceContents = Omit<InvoiceInput, 'awb' | 'carrier'>;
type StoredContents = Omit<InvoiceContents, 'date'> & { date: string };

/** A render this long is stuck: the thread is ended and the download fails. */
const RENDER_LIMITS = { timeoutMs: 120_000, heapMb: 512 };
const WORKER = new URL('./invoice-worker.ts', import.meta.url);

/**
 * Storage keys (decision 046), all under the shipment's database id:
 * - `invoices/{id}/contents.json`: the contents of its first invoice, written once: a paid shipment's invoice
 *   keeps stating them whatever its declarations say later;
 * - `invoices/{id}/{fingerprint}.pdf`: each render, under a fingerprint of everything it states, so the same
 *   invoice is rendered once.
 */
const contentsKey = (shipmentId: number) => `invoices/${shipmentId}/contents.json`;
const renderKey = (shipmentId: number, input: InvoiceInput) => `invoices/${shipmentId}/${fingerprint(input)}.pdf`;
const fingerprint = (input: InvoiceInput) => createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 32);

async function read(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  return file ? buffer(file.stream) : null;
}

const parse = (stored: Buffer): InvoiceContents => {
  const contents = JSON.parse(stored.toString('utf8')) as StoredContents;
  return { ...contents, date: new Date(contents.date) };
};

/**
 * The contents the shipment's invoice states: those kept from its first invoice, else `current()` kept now.
 * Two first downloads at once keep one of theirs, the one written first.
 */
export async function frozenContents(
  storage: Storage,
  shipmentId: number,
  current: () => Promise<InvoiceContents>,
): Promise<InvoiceContents> {
  const kept = await read(storage, contentsKey(shipmentId));
  if (kept) return parse(kept);
  const contents = await current();
  const written = await storage.create(contentsKey(shipmentId), Buffer.from(JSON.stringify(contents)), 'application/json');
  if (written) return contents;
  return parse((await read(storage, contentsKey(shipmentId))) as Buffer);
}

/** Renders under way, by storage and key: a second download of the same invoice waits for the first one's. */
const rendering = new WeakMap<Storage, Map<string, Promise<Buffer>>>();

/**
 * The invoice's PDF: the stored render of exactly this input, or one rendered now in a worker thread (the event
 * loop stays free for other requests) and stored.
 */
export async function storedInvoicePdf(storage: Storage, shipmentId: number, input: InvoiceInput): Promise<Buffer> {
  const key = renderKey(shipmentId, input);
  const kept = await read(storage, key);
  if (kept) return kept;
  const underWay = rendering.get(storage) ?? new Map<string, Promise<Buffer>>();
  rendering.set(storage, underWay);
  const running = underWay.get(key);
  if (running) return running;
  const render = (async () => {
    const pdf = Buffer.from(await runInWorker<Uint8Array>(WORKER, input, RENDER_LIMITS));
    await storage.put(key, pdf, 'application/pdf');
    return pdf;
  })().finally(() => underWay.delete(key));
  underWay.set(key, render);
  return render;
}
