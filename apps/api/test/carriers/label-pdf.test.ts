import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { LABEL_PAGE_SIZE, mergePdfs, renderLabelPdf } from '../../src/providers/carriers/label-pdf.ts';
import { bookingRequest } from './booking-request.ts';
import { isPdf, pdfPageTexts } from './pdf-text.ts';

const bookedAt = new Date('2026-11-24T10:30:00Z');
const label = (overrides: Parameters<typeof bookingRequest>[0] = {}, awb = 'HBS004815162') =>
  renderLabelPdf({ request: bookingRequest(overrides), awb, carrier: 'Hopbox Sandbox Express', bookedAt });

describe('shipping label PDF', () => {
  it('is one 100 × 150 mm page', async () => {
    const bytes = await label();
    expect(isPdf(bytes)).toBe(true);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo((100 / 25.4) * 72, 1);
    expect(height).toBeCloseTo((150 / 25.4) * 72, 1);
    expect([width, height]).toEqual(LABEL_PAGE_SIZE);
  });

  it('names the AWB, the shipment and the carrier in its metadata, dated at the booking', async () => {
    const request = bookingRequest({ reference: 'SHP000777', lockerNumber: 'HB20001' });
    const bytes = await renderLabelPdf({ request, awb: 'HBS000000777', carrier: 'Hopbox Sandbox Express', bookedAt });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Shipping label HBS000000777');
    expect(doc.getSubject()).toBe('Hopbox Sandbox Express air waybill HBS000000777 for shipment SHP000777');
    expect(doc.getKeywords()).toBe('HBS000000777 SHP000777 HB20001');
    expect(doc.getCreationDate()).toEqual(bookedAt);
  });

  it('shows the AWB, both parties, the measures, the shipment, the locker and the goods on the page', async () => {
    const [lines] = await pdfPageTexts(await label({ reference: 'SHP000123', lockerNumber: 'HB10042' }));
    expect(lines).toEqual([
      'Booked 2026-11-24',
      'Hopbox Sandbox Express',
      'HBS004815162',
      'FROM',
      'Hopbox US Warehouse (HB10042)',
      '1200 Commerce Drive, Suite 400',
      'Wilmington, DE, 19801',
      'United States of America',
      'Tel. +1 302 555 0100',
      'TO',
      'Zoë Al-Mansouri',
      'Villa 12, Street 14, Al Wasl',
      'Dubai',
      'United Arab Emirates',
      'Tel. +971 50 123 4567',
      'WEIGHT',
      '4.8 kg',
      'PIECES',
      '2',
      'DIMENSIONS',
      '45 × 35 × 25 cm',
      'SHIPMENT',
      'SHP000123',
      'LOCKER',
      'HB10042',
      'DECLARED VALUE',
      '245.50 USD',
      'CONTENTS',
      'Clothes, shoes and two books',
    ]);
  });

  it('prints characters the standard font cannot encode as ?, and never throws for them', async () => {
    const request = bookingRequest();
    const bytes = await label({
      receiver: { ...request.receiver, name: 'Zoë 李雷', address: 'شارع الوصل\n14', city: 'Dubaï 🏙' },
      description: 'Tea ☕ and a book',
    });
    const [lines] = await pdfPageTexts(bytes);
    expect(lines).toContain('Zoë ??');
    expect(lines).toContain('???? ????? 14');
    expect(lines).toContain('Dubaï ?');
    expect(lines).toContain('Tea ? and a book');
  });

  it('wraps a long address and cuts what does not fit with an ellipsis', async () => {
    const request = bookingRequest();
    const address = Array.from({ length: 40 }, (_, i) => `Building ${i + 1}`).join(' ');
    const [lines = []] = await pdfPageTexts(await label({ receiver: { ...request.receiver, address } }));
    const from = lines.indexOf('TO') + 2;
    const addressLines = lines.slice(from, from + 3);
    expect(addressLines[0]).toMatch(/^Building 1 Building 2 /);
    expect(addressLines[2]).toMatch(/…$/);
    expect(lines[from + 3]).toBe('Dubai');
  });

  it('never cuts the AWB or the shipment id: long ones are printed smaller', async () => {
    const reference = 'SHP2026112400012345';
    const [lines] = await pdfPageTexts(await label({ reference }, 'C3X9876543210987654321'));
    expect(lines).toContain('C3X9876543210987654321');
    expect(lines).toContain(reference);
  });

  it('draws the AWB as a barcode image', async () => {
    const doc = await PDFDocument.load(await label());
    const xObjects = doc.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const images = xObjects?.values().map((ref) => doc.context.lookup(ref, PDFStream).dict.get(PDFName.of('Subtype')));
    expect(images).toContainEqual(PDFName.of('Image'));
  });

  it('merges several labels into one PDF, one page each, in order', async () => {
    const labels = await Promise.all(['HBS000000001', 'HBS000000002', 'HBS000000003'].map((awb) => label({}, awb)));
    const merged = await mergePdfs(labels);
    expect(isPdf(merged)).toBe(true);
    expect((await PDFDocument.load(merged)).getPageCount()).toBe(3);
    const pages = await pdfPageTexts(merged);
    expect(pages.map((lines) => lines[2])).toEqual(['HBS000000001', 'HBS000000002', 'HBS000000003']);
    await expect(mergePdfs([])).rejects.toThrow('at least one PDF');
  });
});
