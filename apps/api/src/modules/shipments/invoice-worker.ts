// Renders one commercial invoice in a worker thread (commercial-invoice.ts, lib/worker-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { type InvoiceInput, renderInvoicePdf } from './invoice-pdf.ts';

const pdf = await renderInvoicePdf((workerData as { input: InvoiceInput }).input);
parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
