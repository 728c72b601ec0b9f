import { INVOICE_UNPAID, REASON_FOR_EXPORT } from '@hopbox/contracts/commercial-invoice';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import type { Package } from '@hopbox/contracts/packages';
import type { AirwayBill, SentShipment } from '@hopbox/contracts/shipments';
import { carrierLabel } from '@hopbox/contracts/tracking';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { declarationItems, shipments } from '../../src/db/schema.ts';
import { insertDeclarationItems } from '../../src/modules/packages/declarations-repository.ts';
import { isPdf, pdfPageTexts } from '../carriers/pdf-text.ts';
import {
  addAddress,
  createConsolidation,
  declaredItem,
  expectError,
  type Headers,
  paySinglePackage,
  receivePackage,
  staffAndCustomerAtHome,
  type TestCustomer,
  useTestApp,
} from '../helper.ts';

/** The issue "Declare, insure": the commercial invoice of a paid shipment, for the customer and for staff. */
describe('commercial invoice', () => {
  const s = useTestApp(async (t) => ({
    ...(await staffAndCustomerAtHome(t, { firstName: 'Layla', lastName: 'Haddad' }, { postalCode: '12345' })),
    other: await t.customer(),
  }));

  const invoice = (id: number, headers: Headers = s.customer.headers) =>
    s.t.app.inject({ method: 'GET', url: `/api/user/shipments/${id}/commercial-invoice`, headers });
  const staffInvoice = (id: number, headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'GET', url: `/api/staff/shipments/${id}/commercial-invoice`, headers });

  /** Replaces a package's declaration in the database, as the declaration form would. */
  async function declare(pkg: Package, items: DeclarationItem[]) {
    await s.t.db.delete(declarationItems).where(eq(declarationItems.packageId, pkg.id));
    await insertDeclarationItems(s.t.db, pkg.id, items);
  }

  /** A package received, declared with `items` when given, and paid as a single-package shipment. */
  async function paidShipment(items?: DeclarationItem[], customer: TestCustomer = s.customer) {
    const pkg = await receivePackage(s.t, s.staff, customer.locker);
    if (items) await declare(pkg, items);
    const home = customer === s.customer ? s.home : await addAddress(s.t, customer.headers);
    const paid = await paySinglePackage(s.t, customer.headers, pkg, home);
    const [row] = await s.t.db.select().from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    return { pkg, shipment: row as typeof shipments.$inferSelect };
  }

  /** The invoice's text, every page's lines joined. */
  async function invoiceText(res: { rawPayload: Buffer }) {
    return (await pdfPageTexts(res.rawPayload)).map((lines) => lines.join('\n'));
  }

  it('answers the paid shipment’s invoice as an inline A4 PDF naming shipper, consignee, items, totals and the date', async () => {
    const { pkg, shipment } = await paidShipment([
      declaredItem({ description: 'Trail running shoes', hsCode: '640411', quantity: 2, unitValue: 45.5 }),
      declaredItem({ description: 'Cotton socks', quantity: 3, unitValue: 4, originCountry: 'China' }),
    ]);
    const res = await invoice(shipment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inline; filename="commercial-invoice-${shipment.shipmentId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(isPdf(res.rawPayload)).toBe(true);

    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);

    const [text] = await invoiceText(res);
    for (const expected of [
      'Commercial Invoice',
      `CI-${shipment.shipmentId}`,
      shipment.shipmentId,
      'Not yet booked',
      'Layla Haddad',
      `Locker ${s.customer.locker}`,
      'Villa 12, Al Wasl Road',
      'Dubai, Dubai, 12345',
      'United Arab Emirates',
      'Tel. +971501234567',
      pkg.hopboxId,
      'Trail running shoes',
      '640411',
      'Cotton socks',
      'China',
      '45.50',
      '91.00',
      '12.00',
      'Total declared value (USD)',
      '103.00 USD',
      REASON_FOR_EXPORT,
      'Not insured',
    ])
      expect(text).toContain(expected);
    // The order date, in words.
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      shipment.orderDate as Date,
    );
    expect(text).toContain(date);
    // The quantities, as their own cells.
    expect(text?.split('\n')).toEqual(expect.arrayContaining(['2', '3']));
  });

  it('names the AWB and carrier once the shipment is booked, and the cover when insured', async () => {
    const { shipment } = await paidShipment();
    await s.t.db.update(shipments).set({ insured: true, insuredValue: '334.20' }).where(eq(shipments.id, shipment.id));
    const booked = await s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${shipment.id}/airway-bill`, headers: s.staff });
    expect(booked.statusCode, booked.body).toBe(200);
    const bill = booked.json().data as AirwayBill;
    const [text] = await invoiceText(await invoice(shipment.id));
    // The AWB and the carrier whole, each on its own line: nothing cut short with an ellipsis.
    expect(text?.split('\n')).toEqual(expect.arrayContaining([bill.awb, carrierLabel(bill.carrier)]));
    expect(text).not.toContain('…');
    expect(text).not.toContain('Not yet booked');
    expect(text).toContain('Insured: yes, cover 334.20 AED');
  });

  it('totals each currency and the whole in AED when the packages are declared in several', async () => {
    const usd = await receivePackage(s.t, s.staff, s.customer.locker);
    const eur = await receivePackage(s.t, s.staff, s.customer.locker, { currency: 'EUR' });
    await declare(usd, [declaredItem({ quantity: 2, unitValue: 50 })]);
    await declare(eur, [declaredItem({ description: 'Leather wallet', unitValue: 20, currency: 'EUR', originCountry: 'Italy' })]);
    const consolidation = await createConsolidation(s.t, s.customer.headers, [usd, eur], s.home);
    await s.t.db.update(shipments).set({ paymentStatus: 'Paid', shipmentStatus: 'Finalized' }).where(eq(shipments.id, consolidation.id));
    const [text] = await invoiceText(await invoice(consolidation.id));
    expect(text).toContain('100.00 USD');
    expect(text).toContain('20.00 EUR');
    // 100 USD × 3.6725 + 20 EUR × 3.97 by the rate card's table.
    expect(text).toContain('Total in AED');
    expect(text).toContain('446.65 AED');
  });

  it('a consolidation not paid yet has no invoice: 409 with the reason', async () => {
    const a = await receivePackage(s.t, s.staff, s.customer.locker);
    const b = await receivePackage(s.t, s.staff, s.customer.locker);
    const consolidation = await createConsolidation(s.t, s.customer.headers, [a, b], s.home);
    const res = await invoice(consolidation.id);
    expectError(res, 409, INVOICE_UNPAID);
    expect(res.json().code).toBe('SHIPMENT_UNPAID');
    expectError(await staffInvoice(consolidation.id), 409, INVOICE_UNPAID);
  });

  it("another customer's shipment, or none, is a 404", async () => {
    const { shipment } = await paidShipment();
    expectError(await invoice(shipment.id, s.other.headers), 404, 'Shipment not found');
    expectError(await invoice(999_999), 404, 'Shipment not found');
    expectError(await staffInvoice(999_999), 404, 'Shipment not found');
  });

  it('staff read any customer’s invoice; a customer cannot use the staff route', async () => {
    const { shipment } = await paidShipment(undefined, s.other);
    const res = await staffInvoice(shipment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(isPdf(res.rawPayload)).toBe(true);
    const [text] = await invoiceText(res);
    expect(text).toContain(`Locker ${s.other.locker}`);
    expect((await staffInvoice(shipment.id, s.customer.headers)).statusCode).toBe(403);
    expect((await staffInvoice(shipment.id, {})).statusCode).toBe(401);
  });

  it('a declaration of 40 items runs onto more pages, each row whole, with the headings again', async () => {
    const items = Array.from({ length: 40 }, (_, i) =>
      declaredItem({
        description: `Item ${i + 1}: ${'a long description of a thing bought abroad, '.repeat(i % 3 === 0 ? 4 : 1)}`.slice(0, 200),
        hsCode: i % 2 === 0 ? '6109100010' : null,
        unitValue: 1 + i,
      }),
    );
    const { shipment } = await paidShipment(items);
    const res = await invoice(shipment.id);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await invoiceText(res);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (let i = 1; i <= 40; i++) expect(all).toContain(`Item ${i}:`);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (page.includes('Item ')) expect(page).toContain('Description');
    });
    // 1 + 2 + … + 40.
    expect(pages.at(-1)).toContain('820.00 USD');
    expect(pages.at(-1)).toContain('DECLARATION');
  });

  it('text the standard fonts cannot print (emoji, Arabic) is replaced, never a failure', async () => {
    const { shipment } = await paidShipment([
      declaredItem({ description: 'Tea ☕ and cake 🎂 for Zoë' }),
      declaredItem({ description: 'هدية كتاب', originCountry: 'Japan' }),
    ]);
    const res = await invoice(shipment.id);
    expect(res.statusCode, res.body).toBe(200);
    const [text] = await invoiceText(res);
    expect(text).toContain('Tea ? and cake ? for Zoë');
  });

  it('the Sent Shipments list and the invoice agree on the insurance', async () => {
    const { shipment } = await paidShipment();
    const sent = (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.customer.headers })).json()
      .data as SentShipment[];
    expect(sent.find((row) => row.id === shipment.id)).toMatchObject({ insured: false, insuredValue: null });
  });
});
