import { countryName } from '@hopbox/contracts/countries';
import bwipjs from 'bwip-js/node';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { fitText, printable, shrunkSize, wrapText } from '../../lib/pdf-text.ts';
import type { CarrierBookingRequest, CarrierParty } from './carrier-provider.ts';

/** What a label shows: the booking, the AWB the carrier issued for it, and who issued it when. */
export interface LabelInput {
  request: CarrierBookingRequest;
  awb: string;
  /** The carrier's display name, e.g. CARRIERS.sandbox. */
  carrier: string;
  bookedAt: Date;
}

/** 100 × 150 mm, the thermal label printers' usual stock, in PDF points. */
export const LABEL_PAGE_SIZE: [number, number] = [283.46, 425.2];

const MARGIN = 12;
const CONTENT_WIDTH = LABEL_PAGE_SIZE[0] - 2 * MARGIN;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.35, 0.35, 0.35);
/** Printed size of one Code 128 module: 0.5 mm, wide enough for any handheld scanner. */
const BARCODE_MODULE_PT = 1.42;
const BARCODE_HEIGHT_PT = 58;
/** bwip-js draws this many pixels per module; the page scales them to BARCODE_MODULE_PT. */
const BARCODE_SCALE = 3;

/** The page being written, top to bottom: `y` is the baseline of the next line. */
interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  /** The characters the standard fonts can encode (WinAnsi). */
  charset: Set<number>;
  y: number;
}

interface TextStyle {
  size: number;
  bold?: boolean;
  muted?: boolean;
  x?: number;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Make the type smaller (down to MIN_SIZE) rather than cut the text: for numbers a courier must read whole. */
  shrink?: boolean;
}

/** Renders the shipping label of a booked shipment as a one-page PDF. */
export async function renderLabelPdf(input: LabelInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  describeDocument(doc, input);
  const pen = await startPage(doc);
  writeHeader(pen, input);
  await drawBarcode(pen, doc, input.awb);
  writeLine(pen, input.awb, { size: 20, bold: true, align: 'center', shrink: true });
  drawRule(pen);
  writeParty(pen, 'FROM', input.request.sender, { name: 9, text: 8 });
  drawRule(pen);
  writeParty(pen, 'TO', input.request.receiver, { name: 12, text: 10 });
  drawRule(pen);
  writeDetails(pen, input.request);
  drawRule(pen);
  writeLine(pen, 'CONTENTS', { size: 6.5, bold: true, muted: true });
  writeWrapped(pen, input.request.description, { size: 8 }, 3);
  return doc.save();
}

/** Puts the pages of several PDFs (labels, one per shipment) into one, in order, for one print job. */
export async function mergePdfs(pdfs: Uint8Array[]): Promise<Uint8Array> {
  if (pdfs.length === 0) throw new Error('mergePdfs needs at least one PDF');
  const merged = await PDFDocument.create();
  for (const bytes of pdfs) {
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

/** Title and keywords carry the AWB, so a stored label is found and checked without reading its page. */
function describeDocument(doc: PDFDocument, { request, awb, carrier, bookedAt }: LabelInput) {
  doc.setTitle(`Shipping label ${awb}`);
  doc.setSubject(`${carrier} air waybill ${awb} for shipment ${request.reference}`);
  doc.setKeywords([awb, request.reference, request.lockerNumber]);
  doc.setAuthor(carrier);
  doc.setCreator('Hopbox');
  doc.setProducer('Hopbox');
  // The booking's time, not the rendering's: the same booking renders the same document.
  doc.setCreationDate(bookedAt);
  doc.setModificationDate(bookedAt);
}

async function startPage(doc: PDFDocument): Promise<Pen> {
  const page = doc.addPage(LABEL_PAGE_SIZE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { page, regular, bold, charset: new Set(regular.getCharacterSet()), y: LABEL_PAGE_SIZE[1] - MARGIN };
}

function writeHeader(pen: Pen, { carrier, bookedAt }: LabelInput) {
  const y = pen.y;
  writeLine(pen, `Booked ${bookedAt.toISOString().slice(0, 10)}`, { size: 8, muted: true, align: 'right' });
  pen.y = y;
  writeLine(pen, carrier, { size: 13, bold: true, width: CONTENT_WIDTH - 70 });
  drawRule(pen);
}

async function drawBarcode(pen: Pen, doc: PDFDocument, awb: string) {
  const png = await bwipjs.toBuffer({ bcid: 'code128', text: awb, scale: BARCODE_SCALE, height: 10, includetext: false });
  const image: PDFImage = await doc.embedPng(png);
  const width = Math.min((image.width / BARCODE_SCALE) * BARCODE_MODULE_PT, CONTENT_WIDTH);
  const top = pen.y - 2;
  pen.page.drawImage(image, { x: (LABEL_PAGE_SIZE[0] - width) / 2, y: top - BARCODE_HEIGHT_PT, width, height: BARCODE_HEIGHT_PT });
  pen.y = top - BARCODE_HEIGHT_PT - 6;
}

function writeParty(pen: Pen, heading: string, party: CarrierParty, sizes: { name: number; text: number }) {
  writeLine(pen, heading, { size: 6.5, bold: true, muted: true });
  writeLine(pen, party.reference ? `${party.name} (${party.reference})` : party.name, { size: sizes.name, bold: true });
  writeWrapped(pen, party.address, { size: sizes.text }, 3);
  writeLine(pen, [party.city, party.state, party.postalCode].filter(Boolean).join(', '), { size: sizes.text });
  writeLine(pen, countryName(party.country) ?? party.country, { size: sizes.text, bold: true });
  if (party.phone) writeLine(pen, `Tel. ${party.phone}`, { size: sizes.text - 1 });
  pen.y -= 2;
}

/** Two rows of three labelled cells: what the courier weighs and measures, then whose it is. */
function writeDetails(pen: Pen, request: CarrierBookingRequest) {
  const { length, breadth, height } = request.dimensions;
  writeCells(pen, [
    ['WEIGHT', `${Number(request.weight.toFixed(2))} kg`],
    ['PIECES', String(request.pieces)],
    ['DIMENSIONS', `${length} × ${breadth} × ${height} cm`],
  ]);
  writeCells(pen, [
    ['SHIPMENT', request.reference],
    ['LOCKER', request.lockerNumber],
    ['DECLARED VALUE', `${request.declaredValue.toFixed(2)} ${request.currency}`],
  ]);
}

function writeCells(pen: Pen, cells: [label: string, value: string][]) {
  const width = CONTENT_WIDTH / cells.length;
  const top = pen.y;
  cells.forEach(([label, value], i) => {
    pen.y = top;
    const x = MARGIN + i * width;
    writeLine(pen, label, { size: 6.5, bold: true, muted: true, x, width: width - 4 });
    writeLine(pen, value, { size: 10, bold: true, x, width: width - 4, shrink: true });
  });
  pen.y -= 3;
}

/** Writes one line at the pen and moves it down; text wider than the line is cut with an ellipsis. */
function writeLine(pen: Pen, text: string, style: TextStyle) {
  const font = style.bold ? pen.bold : pen.regular;
  const width = style.width ?? CONTENT_WIDTH;
  const clean = printable(pen.charset, text);
  const size = style.shrink ? shrunkSize(font, clean, style.size, width) : style.size;
  const fitted = fitText(font, clean, size, width);
  const x = style.x ?? MARGIN;
  const offset = alignOffset(style.align, width - font.widthOfTextAtSize(fitted, size));
  pen.page.drawText(fitted, { x: x + offset, y: pen.y - style.size, size, font, color: style.muted ? MUTED : INK });
  pen.y -= style.size * 1.25;
}

function writeWrapped(pen: Pen, text: string, style: TextStyle, maxLines: number) {
  const font = style.bold ? pen.bold : pen.regular;
  const lines = wrapText(font, printable(pen.charset, text), style.size, style.width ?? CONTENT_WIDTH);
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) shown[maxLines - 1] = `${shown[maxLines - 1]} ${lines[maxLines]}`;
  for (const line of shown) writeLine(pen, line, style);
}

function drawRule(pen: Pen) {
  const y = pen.y - 2;
  pen.page.drawLine({ start: { x: MARGIN, y }, end: { x: LABEL_PAGE_SIZE[0] - MARGIN, y }, thickness: 0.8, color: INK });
  pen.y = y - 5;
}

function alignOffset(align: TextStyle['align'], room: number): number {
  if (align === 'center') return room / 2;
  if (align === 'right') return room;
  return 0;
}
