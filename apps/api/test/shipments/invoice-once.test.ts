import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declarationItems } from '../../src/db/schema.ts';
import { insertDeclarationItems } from '../../src/modules/packages/declarations-repository.ts';
import { pdfPageTexts } from '../carriers/pdf-text.ts';
import { declaredItem, useTestApp } from '../helper.ts';
import { declaredShipment } from './declared-shipment.ts';

/**
 * Issue "Exactly once, in one place", loose ends: the commercial invoice is rendered once and stored, and frozen once
 * paid (its render beside a health check: invoice-render.timing.test.ts).
 */
describe('commercial invoice, rendered once', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer({ firstName: 'Omar', lastName: 'Farouk' });
    return { staff, customer };
  });
  afterEach(() => vi.restoreAllMocks());

  const invoice = (id: number) =>
    s.t.app.inject({ method: 'GET', url: `/api/user/shipments/${id}/commercial-invoice`, headers: s.customer.headers });

  const paidShipment = (count: number, items: number) => declaredShipment(s.t, s.customer, count, items);

  /** The invoice puts in storage: rendered files and their contents. */
  const invoicePuts = (put: { mock: { calls: unknown[][] } }) =>
    put.mock.calls.map((call) => String(call[0])).filter((key) => key.startsWith('invoices/'));

  it('serves a paid shipment’s invoice byte for byte as first rendered, after its declaration changed', async () => {
    const { id, packageIds } = await paidShipment(2, 3);
    const first = await invoice(id);
    expect(first.statusCode, first.body).toBe(200);

    const item = declaredItem({ description: 'Gold watch', hsCode: '910111', unitValue: 9000, originCountry: 'Switzerland' });
    await s.t.db.delete(declarationItems).where(eq(declarationItems.packageId, packageIds[0] as number));
    await insertDeclarationItems(s.t.db, packageIds[0] as number, [item]);

    const again = await invoice(id);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect((await pdfPageTexts(again.rawPayload)).flat().join('\n')).not.toContain('Gold watch');
    const staff = await s.t.app.inject({ method: 'GET', url: `/api/staff/shipments/${id}/commercial-invoice`, headers: s.staff });
    expect(Buffer.compare(staff.rawPayload, first.rawPayload)).toBe(0);
  });

  it('renders once: a second download, or two at once, is served from storage', async () => {
    const put = vi.spyOn(s.t.app.deps.storage, 'put');
    const { id } = await paidShipment(3, 4);
    const [a, b] = await Promise.all([invoice(id), invoice(id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    const rendered = invoicePuts(put);
    expect(rendered.filter((key) => key.endsWith('.pdf'))).toHaveLength(1);

    const third = await invoice(id);
    expect(Buffer.compare(third.rawPayload, a.rawPayload)).toBe(0);
    expect(invoicePuts(put)).toEqual(rendered);
  });

  it('adds the AWB once the shipment is booked, keeping the declared contents it was first rendered with', async () => {
    const { id, packageIds } = await paidShipment(1, 2);
    const first = await invoice(id);
    expect((await pdfPageTexts(first.rawPayload)).flat()).toContain('Not yet booked');
    await s.t.db.delete(declarationItems).where(eq(declarationItems.packageId, packageIds[0] as number));

    const booked = await s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${id}/airway-bill`, headers: s.staff });
    expect(booked.statusCode, booked.body).toBe(200);
    const text = (await pdfPageTexts((await invoice(id)).rawPayload)).flat().join('\n');
    expect(text).toContain(booked.json().data.awb);
    expect(text).toContain('Parcel 1 item 2');
  });
});
