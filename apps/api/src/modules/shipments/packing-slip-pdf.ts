import type { Pick } from '@hopbox/contracts/locations';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { PDFDocument } from 'pdf-lib';
import * as a4 from '../../lib/pdf-a4.ts';

/** What a packing slip states: the shipment, where it goes, the customer's note and the packages to pick. */
export interface PackingSlipInput {
  shipmentId: string;
  date: Date;
  lockerNumber: string;
  customerName: string;
  shipTo: { name: string; lines: string[] };
  customerNote: string | null;
  /** In walking order of their locations. */
  picks: Pick[];
  totalWeightKg: number;
}

/** The pick list's columns; the content takes what the others leave. A box to tick comes first. */
const COLUMNS = [
  { key: 'tick', title: '', width: 22, align: 'left' },
  { key: 'location', title: 'Location', width: 78, align: 'left' },
  { key: 'package', title: 'Package', width: 84, align: 'left' },
  { key: 'content', title: 'Content', width: 0, align: 'left' },
  { key: 'qty', title: 'Qty', width: 34, align: 'right' },
  { key: 'weight', title: 'Weight', width: 60, align: 'right' },
] as const;
const table = a4.pageTable(COLUMNS);
const PAD = 5;
const ROW_SIZE = 9;
const LEADING = 11.5;
const kg = (value: number) => `${Number(value.toFixed(2))} kg`;

/**
 * The packing slip of a shipment (decision 053): A4, what the packer fetches and from where, and the
 * customer's note in a box no one can miss. Internal notes are never on it: the slip goes in the box.
 */
export async function renderPackingSlipPdf(input: PackingSlipInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  a4.describeA4(doc, {
    title: `Packing slip ${input.shipmentId}`,
    subject: `Packing slip of shipment ${input.shipmentId}`,
    keywords: [input.shipmentId, input.lockerNumber],
    date: input.date,
  });
  const pen = await a4.startA4(doc);
  writeHeader(pen, input);
  writeShipTo(pen, input);
  if (input.customerNote) writeNote(pen, input.customerNote);
  writePicks(pen, input);
  writeSignOff(pen);
  a4.writeFooters(pen, `Packing slip, shipment ${input.shipmentId}`);
  return doc.save();
}

function writeHeader(pen: a4.Pen, input: PackingSlipInput) {
  a4.writeTitleBlock(pen, 'Packing slip', [
    ['Shipment', input.shipmentId],
    ['Date', a4.documentDate(input.date)],
    ['Locker', `${input.lockerNumber} (${input.customerName})`],
    ['Packages', String(input.picks.length)],
  ]);
}

function writeShipTo(pen: a4.Pen, input: PackingSlipInput) {
  a4.text(pen, 'SHIP TO', a4.MARGIN, pen.y, a4.WIDTH, { size: 7.5, bold: true, color: a4.MUTED });
  pen.y -= 13;
  a4.text(pen, input.shipTo.name, a4.MARGIN, pen.y, a4.WIDTH, { size: 10.5, bold: true });
  pen.y -= 13;
  for (const line of input.shipTo.lines) {
    for (const part of a4.wrapped(pen, line, a4.WIDTH, { size: 9 }).slice(0, 3)) {
      a4.text(pen, part, a4.MARGIN, pen.y, a4.WIDTH, { size: 9 });
      pen.y -= 11.5;
    }
  }
  pen.y -= 12;
}

/** The customer's words, framed, above the list the packer works from. */
function writeNote(pen: a4.Pen, note: string) {
  const lines = a4.wrapped(pen, note, a4.WIDTH - 24, { size: 10 }).slice(0, 12);
  const height = 26 + lines.length * 13;
  a4.ensureRoom(pen, height + 8);
  pen.page.drawRectangle({
    x: a4.MARGIN,
    y: pen.y - height,
    width: a4.WIDTH,
    height,
    color: a4.BAND,
    borderColor: a4.ACCENT,
    borderWidth: 1,
  });
  a4.text(pen, "CUSTOMER'S NOTE", a4.MARGIN + 12, pen.y - 9, a4.WIDTH - 24, { size: 7.5, bold: true, color: a4.ACCENT });
  lines.forEach((line, i) => {
    a4.text(pen, line, a4.MARGIN + 12, pen.y - 22 - i * 13, a4.WIDTH - 24, { size: 10 });
  });
  pen.y -= height + 18;
}

function writePicks(pen: a4.Pen, input: PackingSlipInput) {
  table.writeHead(pen);
  for (const pick of input.picks) {
    const content = a4.wrapped(pen, pick.packageContent, table.widthOf(COLUMNS[3]) - 2 * PAD, { size: ROW_SIZE }).slice(0, 3);
    const height = content.length * LEADING + 10;
    table.roomForRow(pen, height, `Packages (continued), shipment ${input.shipmentId}`);
    const cells: Record<(typeof COLUMNS)[number]['key'], string[]> = {
      tick: [],
      location: [pick.location ?? 'Not shelved'],
      package: [pick.hopboxId],
      content,
      qty: [String(pick.quantity)],
      weight: [kg(pick.packageWeight)],
    };
    let x = a4.MARGIN;
    for (const c of COLUMNS) {
      const w = table.widthOf(c);
      if (c.key === 'tick')
        pen.page.drawRectangle({ x: x + PAD, y: pen.y - 15, width: 10, height: 10, borderColor: a4.INK, borderWidth: 0.8 });
      cells[c.key].forEach((value, n) => {
        a4.text(pen, value, x + PAD, pen.y - 5 - n * LEADING, w - 2 * PAD, {
          size: ROW_SIZE,
          bold: c.key === 'location',
          align: c.align,
          color: c.key === 'location' && !pick.location ? a4.MUTED : a4.INK,
        });
      });
      x += w;
    }
    pen.y -= height;
    a4.rule(pen, pen.y);
  }
  pen.y -= 10;
  a4.text(pen, `Total weight ${kg(input.totalWeightKg)}`, a4.MARGIN, pen.y, a4.WIDTH, { size: 9.5, bold: true, align: 'right' });
  pen.y -= 24;
}

/** Who packed it and when, in ink. */
function writeSignOff(pen: a4.Pen) {
  a4.ensureRoom(pen, 40);
  pen.y -= 18;
  const width = 200;
  for (const [label, x] of [
    ['Packed by', a4.MARGIN],
    ['Date and time', a4.PAGE[0] - a4.MARGIN - width],
  ] as const) {
    pen.page.drawLine({ start: { x, y: pen.y }, end: { x: x + width, y: pen.y }, thickness: 0.6, color: a4.INK });
    a4.text(pen, label, x, pen.y - 4, width, { size: 8, color: a4.MUTED });
  }
}

/** The slip of a shipment as the warehouse sees it: its destination, its customer's note and its pick list. */
export function packingSlipOf(shipment: StaffShipment, date: Date): PackingSlipInput {
  const cityLine = [shipment.city, shipment.state, shipment.postalCode].filter(Boolean).join(', ');
  return {
    shipmentId: shipment.shipmentId,
    date,
    lockerNumber: shipment.lockerNumber,
    customerName: shipment.customerName,
    shipTo: {
      name: shipment.recipientName,
      lines: [shipment.address, cityLine, shipment.destination, ...(shipment.phone ? [`Phone ${shipment.phone}`] : [])].filter(Boolean),
    },
    customerNote: shipment.customerNote,
    picks: shipment.picks,
    totalWeightKg: shipment.totalWeight,
  };
}
