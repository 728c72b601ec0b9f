import { timesMoney } from '@hopbox/contracts/money';
import { PDFDocument } from 'pdf-lib';
import {
  BAND,
  CELL_PAD,
  describeA4,
  documentDate,
  ensureRoom,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  type Pen,
  pageTable,
  rule,
  startA4,
  text,
  WIDTH,
  wrapped,
  writeFooters,
  writeTitleBlock,
} from '../../lib/pdf-a4.ts';

/** One declared item as the invoice lists it. */
export interface InvoiceLine {
  hopboxId: string;
  description: string;
  hsCode: string | null;
  originCountry: string | null;
  quantity: number;
  unitValue: number;
  currency: string;
}

export interface InvoiceParty {
  name: string;
  lines: string[];
}

/** Everything a commercial invoice states, gathered by commercial-invoice.ts. */
export interface InvoiceInput {
  invoiceNumber: string;
  shipmentId: string;
  date: Date;
  awb: string | null;
  carrier: string | null;
  shipper: InvoiceParty;
  consignee: InvoiceParty;
  lines: InvoiceLine[];
  /** The declared total in each currency, in the order the items first name them. */
  totals: { currency: string; amount: number }[];
  /** Every currency's total in AED, when the items are in more than one (null when one cannot be converted). */
  totalAed: number | null;
  packageCount: number;
  weightKg: number;
  /** The cover bought with the payment, in AED; null when not insured. */
  insuredValue: number | null;
  /** DDP when the customer prepaid the duties and taxes, else DAP (decision 071); absent on invoices rendered before. */
  termsOfTrade?: 'DDP' | 'DAP';
  /** The duties and taxes estimated, in the price's currency, and who pays them; absent when none was estimated. */
  duties?: { total: number; currency: string; prepaid: boolean };
  reasonForExport: string;
  declaration: string;
}

const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (value: number) => AMOUNT.format(value);

/** The items table: each column's heading, width and alignment; the description takes what the others leave. */
const COLUMNS = [
  { key: 'package', title: 'Package', width: 64, align: 'left' },
  { key: 'description', title: 'Description', width: 0, align: 'left' },
  { key: 'hs', title: 'HS code', width: 54, align: 'left' },
  { key: 'origin', title: 'Origin', width: 70, align: 'left' },
  { key: 'qty', title: 'Qty', width: 30, align: 'right' },
  { key: 'unit', title: 'Unit value', width: 58, align: 'right' },
  { key: 'line', title: 'Line value', width: 62, align: 'right' },
  { key: 'currency', title: 'Cur.', width: 34, align: 'right' },
] as const;
const { widthOf: columnWidth, writeHead: writeTableHead, roomForRow } = pageTable(COLUMNS);
const ROW_SIZE = 8;
const ROW_LEADING = 10.5;

/** Renders the commercial invoice of a shipment: A4, the items table continued on as many pages as it takes. */
export async function renderInvoicePdf(input: InvoiceInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // The invoice's own date: the same shipment renders the same document.
  describeA4(doc, {
    title: `Commercial invoice ${input.invoiceNumber}`,
    subject: `Commercial invoice of shipment ${input.shipmentId}`,
    keywords: [input.invoiceNumber, input.shipmentId, ...(input.awb ? [input.awb] : [])],
    date: input.date,
  });
  const pen = await startA4(doc);

  writeHeader(pen, input);
  writeParties(pen, input);
  writeFacts(pen, input);
  writeItems(pen, input);
  writeTotals(pen, input);
  writeDeclaration(pen, input);
  writeFooters(pen, `Commercial invoice ${input.invoiceNumber}, shipment ${input.shipmentId}`);
  return doc.save();
}

function writeHeader(pen: Pen, input: InvoiceInput) {
  writeTitleBlock(pen, 'Commercial Invoice', [
    ['Invoice no.', input.invoiceNumber],
    ['Date', documentDate(input.date)],
    ['Shipment', input.shipmentId],
    // The AWB and its carrier each on a line of their own: together they outgrew the column and were cut short.
    ['AWB', input.awb ?? 'Not yet booked'],
    ...(input.awb && input.carrier ? [['Carrier', input.carrier] as const] : []),
    // Incoterms 2020: DDP when the customer prepaid the duties, else DAP (the consignee pays them at delivery).
    ['Terms of trade', input.termsOfTrade ?? 'DAP'],
  ]);
}

/** Shipper and consignee side by side, each under its heading. */
function writeParties(pen: Pen, input: InvoiceInput) {
  const gap = 24;
  const width = (WIDTH - gap) / 2;
  const top = pen.y;
  const bottoms = [
    [input.shipper, 'Shipper / exporter', MARGIN],
    [input.consignee, 'Consignee', MARGIN + width + gap],
  ].map(([party, heading, x]) => writeParty(pen, party as InvoiceParty, heading as string, x as number, top, width));
  pen.y = Math.min(...bottoms) - 14;
}

function writeParty(pen: Pen, party: InvoiceParty, heading: string, x: number, top: number, width: number): number {
  text(pen, heading.toUpperCase(), x, top, width, { size: 7.5, bold: true, color: MUTED });
  let y = top - 13;
  for (const line of wrapped(pen, party.name, width, { size: 10.5, bold: true }).slice(0, 2)) {
    text(pen, line, x, y, width, { size: 10.5, bold: true });
    y -= 13;
  }
  for (const value of party.lines) {
    for (const line of wrapped(pen, value, width, { size: 9 }).slice(0, 3)) {
      text(pen, line, x, y, width, { size: 9 });
      y -= 11.5;
    }
  }
  return y;
}

/** The shipment's facts in a band of labelled cells. */
function writeFacts(pen: Pen, input: InvoiceInput) {
  const cells: [string, string][] = [
    ['Reason for export', input.reasonForExport],
    ['Packages', String(input.packageCount)],
    ['Total weight', `${Number(input.weightKg.toFixed(2))} kg`],
    ['Insurance', input.insuredValue !== null ? `Insured: yes, cover ${money(input.insuredValue)} AED` : 'Not insured'],
  ];
  const widths = [170, 70, 80, WIDTH - 320];
  const height = 34;
  pen.page.drawRectangle({ x: MARGIN, y: pen.y - height, width: WIDTH, height, color: BAND });
  let x = MARGIN;
  cells.forEach(([label, value], i) => {
    const w = widths[i] as number;
    text(pen, label.toUpperCase(), x + 8, pen.y - 7, w - 12, { size: 7, bold: true, color: MUTED });
    text(pen, value, x + 8, pen.y - 19, w - 12, { size: 9, bold: true });
    x += w;
  });
  pen.y -= height + 18;
}

/** Each cell's lines: the description and the origin wrap, the numbers stay on one line. */
function rowCells(pen: Pen, line: InvoiceLine): string[][] {
  const values: Record<(typeof COLUMNS)[number]['key'], string> = {
    package: line.hopboxId,
    description: line.description,
    hs: line.hsCode ?? '—',
    origin: line.originCountry ?? 'Not declared',
    qty: String(line.quantity),
    unit: money(line.unitValue),
    line: money(timesMoney(line.unitValue, line.quantity)),
    currency: line.currency,
  };
  return COLUMNS.map((c) =>
    c.key === 'description' || c.key === 'origin'
      ? wrapped(pen, values[c.key], columnWidth(c) - 2 * CELL_PAD, { size: ROW_SIZE })
      : [values[c.key]],
  );
}

function writeItems(pen: Pen, input: InvoiceInput) {
  writeTableHead(pen);
  input.lines.forEach((line, index) => {
    const cells = rowCells(pen, line);
    const height = Math.max(...cells.map((c) => c.length)) * ROW_LEADING + 8;
    roomForRow(pen, height, `Items (continued), shipment ${input.shipmentId}`);
    if (index % 2 === 1) pen.page.drawRectangle({ x: MARGIN, y: pen.y - height, width: WIDTH, height, color: BAND });
    let x = MARGIN;
    cells.forEach((lines, i) => {
      const c = COLUMNS[i] as (typeof COLUMNS)[number];
      const w = columnWidth(c);
      lines.forEach((value, n) => {
        text(pen, value, x + CELL_PAD, pen.y - 5 - n * ROW_LEADING, w - 2 * CELL_PAD, {
          size: ROW_SIZE,
          bold: c.key === 'line',
          align: c.align,
        });
      });
      x += w;
    });
    pen.y -= height;
    rule(pen, pen.y);
  });
  pen.y -= 12;
}

/** The declared total per currency, right-aligned under the line values, and in AED when there are several. */
function writeTotals(pen: Pen, input: InvoiceInput) {
  const rows: [string, string][] = input.totals.map((t) => [`Total declared value (${t.currency})`, `${money(t.amount)} ${t.currency}`]);
  if (input.totals.length > 1) rows.push(['Total in AED', input.totalAed === null ? 'Not convertible' : `${money(input.totalAed)} AED`]);
  // Kept above the last (bold) total: what customs is expected to ask, and who pays it.
  if (input.duties && input.duties.total > 0) {
    const who = input.duties.prepaid ? 'prepaid by the shipper' : 'due from the consignee';
    rows.splice(rows.length - 1, 0, [
      `Import duties and taxes (estimate, ${who})`,
      `${money(input.duties.total)} ${input.duties.currency}`,
    ]);
  }
  // The totals and the declaration under them stay together on one page.
  ensureRoom(pen, rows.length * 16 + 14 + declarationHeight(pen, input));
  const labelX = PAGE[0] - MARGIN - 300;
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    text(pen, label, labelX, pen.y, 180, { size: 9, color: last ? INK : MUTED, bold: last });
    text(pen, value, labelX + 180, pen.y, 120, { size: last ? 11 : 9.5, bold: true, align: 'right' });
    pen.y -= 16;
  });
  pen.y -= 14;
}

const declarationHeight = (pen: Pen, input: InvoiceInput) => wrapped(pen, input.declaration, WIDTH, { size: 9 }).length * 12 + 70;

function writeDeclaration(pen: Pen, input: InvoiceInput) {
  const lines = wrapped(pen, input.declaration, WIDTH, { size: 9 });
  ensureRoom(pen, declarationHeight(pen, input));
  rule(pen, pen.y);
  pen.y -= 12;
  text(pen, 'DECLARATION', MARGIN, pen.y, WIDTH, { size: 7.5, bold: true, color: MUTED });
  pen.y -= 13;
  for (const line of lines) {
    text(pen, line, MARGIN, pen.y, WIDTH, { size: 9 });
    pen.y -= 12;
  }
  pen.y -= 22;
  const signWidth = 200;
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: MARGIN + signWidth, y: pen.y }, thickness: 0.6, color: INK });
  text(pen, `${input.shipper.name}, shipper`, MARGIN, pen.y - 4, signWidth, { size: 8, color: MUTED });
  text(pen, `Date: ${documentDate(input.date)}`, PAGE[0] - MARGIN - signWidth, pen.y - 4, signWidth, {
    size: 8,
    color: MUTED,
    align: 'right',
  });
}
