import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { fitText, printable, wrapText } from './pdf-text.ts';

/**
 * The A4 documents the console prints (the commercial invoice, the packing slip): one pen that writes
 * top to bottom, starts a new page when a block does not fit, and closes every page with its footer.
 */

/** A4 in PDF points. */
export const PAGE: [number, number] = [595.28, 841.89];
export const MARGIN = 42;
export const WIDTH = PAGE[0] - 2 * MARGIN;
/** Room kept at the foot of every page for its footer. */
const FOOT = 48;
export const INK = rgb(0.1, 0.11, 0.13);
export const MUTED = rgb(0.42, 0.44, 0.48);
export const LINE = rgb(0.8, 0.82, 0.85);
export const BAND = rgb(0.94, 0.95, 0.96);
export const ACCENT = rgb(0.12, 0.33, 0.62);
export const WHITE = rgb(1, 1, 1);

/** The page being written, top to bottom: `y` is the top of what comes next. */
export interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  /** The characters the standard fonts can encode (WinAnsi). */
  charset: Set<number>;
  y: number;
}

export interface Style {
  size: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  align?: 'left' | 'right';
}

/** A first A4 page with Helvetica, the pen at its top margin. */
export async function startA4(doc: PDFDocument): Promise<Pen> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, page: doc.addPage(PAGE), regular, bold, charset: new Set(regular.getCharacterSet()), y: PAGE[1] - MARGIN };
}

/** Draws one line of text with its top at `top`; too wide, it is cut with an ellipsis. */
export function text(pen: Pen, value: string, x: number, top: number, width: number, style: Style) {
  const font = style.bold ? pen.bold : pen.regular;
  const fitted = fitText(font, printable(pen.charset, value), style.size, width);
  const offset = style.align === 'right' ? width - font.widthOfTextAtSize(fitted, style.size) : 0;
  pen.page.drawText(fitted, { x: x + offset, y: top - style.size * 0.8, size: style.size, font, color: style.color ?? INK });
}

/** The lines `value` takes at `width` (one empty line for an empty value). */
export function wrapped(pen: Pen, value: string, width: number, style: Style): string[] {
  const lines = wrapText(style.bold ? pen.bold : pen.regular, printable(pen.charset, value), style.size, width);
  return lines.length > 0 ? lines : [''];
}

export function rule(pen: Pen, y: number, color = LINE, thickness = 0.6) {
  pen.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness, color });
}

/** A new page when `height` does not fit above the footer; answers whether one was started. */
export function ensureRoom(pen: Pen, height: number): boolean {
  if (pen.y - height >= MARGIN + FOOT) return false;
  pen.page = pen.doc.addPage(PAGE);
  pen.y = PAGE[1] - MARGIN;
  return true;
}

export interface TableColumn {
  key: string;
  title: string;
  /** Points; 0 takes the width the other columns leave. */
  width: number;
  align: 'left' | 'right';
}

/** Each cell's padding, left and right. */
export const CELL_PAD = 4;

/** A table across the page: each column's width, and its dark heading row. */
export function pageTable<C extends TableColumn>(columns: readonly C[]) {
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  const widthOf = (c: C) => (c.width === 0 ? WIDTH - fixed : c.width);
  const writeHead = (pen: Pen) => {
    const height = 18;
    pen.page.drawRectangle({ x: MARGIN, y: pen.y - height, width: WIDTH, height, color: INK });
    let x = MARGIN;
    for (const c of columns) {
      const w = widthOf(c);
      text(pen, c.title, x + CELL_PAD, pen.y - 5.5, w - 2 * CELL_PAD, { size: 7.5, bold: true, color: WHITE, align: c.align });
      x += w;
    }
    pen.y -= height;
  };
  /** Room for a row of `height`, never split: on a new page, `continued` says what goes on, above the headings again. */
  const roomForRow = (pen: Pen, height: number, continued: string) => {
    if (!ensureRoom(pen, height)) return;
    text(pen, continued, MARGIN, pen.y, WIDTH, { size: 8, color: MUTED });
    pen.y -= 16;
    writeHead(pen);
  };
  return { widthOf, writeHead, roomForRow };
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A document's date as it is printed: "24 November 2026". */
export const documentDate = (date: Date) => DATE.format(date);

/** The top of a document: the brand and its title on the left, its facts (label, value) on the right, over an accent rule. */
export function writeTitleBlock(pen: Pen, title: string, facts: readonly (readonly [string, string])[]) {
  const top = pen.y;
  text(pen, 'HOPBOX', MARGIN, top, 200, { size: 9, bold: true, color: ACCENT });
  text(pen, title, MARGIN, top - 14, 300, { size: 22, bold: true });
  const labelX = PAGE[0] - MARGIN - 230;
  facts.forEach(([label, value], i) => {
    const y = top - i * 13;
    text(pen, label, labelX, y, 70, { size: 8, color: MUTED });
    text(pen, value, labelX + 70, y, 160, { size: 9, bold: true, align: 'right' });
  });
  pen.y = top - facts.length * 13 - 10;
  rule(pen, pen.y, ACCENT, 1.2);
  pen.y -= 16;
}

/** Every page says what document it is and which page of how many. */
export function writeFooters(pen: Pen, label: string) {
  const pages = pen.doc.getPages();
  pages.forEach((page, i) => {
    pen.page = page;
    rule(pen, MARGIN + 16);
    text(pen, label, MARGIN, MARGIN + 10, WIDTH - 80, { size: 7.5, color: MUTED });
    text(pen, `Page ${i + 1} of ${pages.length}`, PAGE[0] - MARGIN - 80, MARGIN + 10, 80, { size: 7.5, color: MUTED, align: 'right' });
  });
}

/** The document's title and byline, dated so that the same record renders the same bytes. */
export function describeA4(doc: PDFDocument, meta: { title: string; subject: string; keywords: string[]; date: Date }) {
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setAuthor('Hopbox');
  doc.setCreator('Hopbox');
  doc.setProducer('Hopbox');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
}
