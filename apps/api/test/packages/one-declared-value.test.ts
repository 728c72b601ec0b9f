import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import type { Declaration } from '@hopbox/contracts/declarations';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipments } from '../../src/db/schema.ts';
import { pdfPageTexts } from '../carriers/pdf-text.ts';
import { addAddress, expectError, paySinglePackage, receivePackage, useTestApp } from '../helper.ts';

/**
 * Issue "Nothing lost between the customer and the shelf", one declared value (decision 055): the declaration is
 * where a package's value is kept; Edit Package of a one-item declaration changes it, and every change makes a new
 * version, so a declaration editor opened before the change cannot save the old value back; the commercial
 * invoice prints what the customer last saw.
 */
describe('one declared value', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const home = await addAddress(t, customer.headers);
    const pkg = await receivePackage(t, staff, customer.locker, {
      packageContent: 'Sneakers',
      quantity: 2,
      unitPrice: 45,
      totalPrice: 90,
      currency: 'USD',
    });
    return { staff, customer, home, pkg };
  });

  const declaration = async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/user/received-packages/${s.pkg.id}/declaration`,
      headers: s.customer.headers,
    });
    return res.json().data as Declaration;
  };
  const pkgNow = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${s.pkg.id}`, headers: s.customer.headers });
    return res.json().data as Package;
  };
  const saveDeclaration = (body: Record<string, unknown>) =>
    s.t.app.inject({
      method: 'PUT',
      url: `/api/user/received-packages/${s.pkg.id}/declaration`,
      headers: s.customer.headers,
      payload: body,
    });
  const item = (overrides: Record<string, unknown>) => ({
    description: 'Sneakers',
    quantity: 2,
    unitValue: 45,
    originCountry: 'Vietnam',
    ...overrides,
  });

  let opened: Declaration;

  it('Edit Package of a one-item declaration changes the declaration, and its version', async () => {
    opened = await declaration();
    expect(opened.items).toMatchObject([{ quantity: 2, unitValue: 45 }]);
    const edit = await s.t.app.inject({
      method: 'PUT',
      url: `/api/user/received-packages/${s.pkg.id}`,
      headers: s.customer.headers,
      payload: { description: 'Two pairs', quantity: 2, unitPrice: 52, totalPrice: 104 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const now = await declaration();
    expect(now.items).toMatchObject([{ quantity: 2, unitValue: 52 }]);
    expect(now.totalValue).toBe(104);
    expect(now.version).not.toBe(opened.version);
    expect(await pkgNow()).toMatchObject({ unitPrice: 52, totalPrice: 104 });
  });

  it('the editor opened before that cannot save the old value back: 409, and nothing changes', async () => {
    const before = await declaration();
    const stale = await saveDeclaration({ items: [item({ unitValue: 45 })], version: opened.version });
    expectError(stale, 409, declarationMessages.changed, 'items');
    expect(stale.json().code).toBe('DECLARATION_CHANGED');
    expect(await declaration()).toEqual(before);
    expect((await pkgNow()).totalPrice).toBe(104);
  });

  it('saved from what it shows now, the package follows the declaration', async () => {
    const current = await declaration();
    const saved = await saveDeclaration({
      items: [item({ description: 'Sneakers', quantity: 2, unitValue: 44.99 }), item({ description: 'Laces', quantity: 1, unitValue: 5 })],
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ totalValue: 94.98, complete: true });
    expect(saved.json().data.version).not.toBe(current.version);
    expect(await pkgNow()).toMatchObject({ quantity: 3, totalPrice: 94.98 });
  });

  it('SPEC.md’s client, which sends no version, still saves', async () => {
    const res = await saveDeclaration({ items: [item({ unitValue: 44.99 }), item({ description: 'Laces', quantity: 1, unitValue: 5 })] });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the commercial invoice prints exactly the declaration the customer last saw', async () => {
    const paid = await paySinglePackage(s.t, s.customer.headers, await pkgNow(), s.home);
    const [row] = await s.t.db.select().from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/user/shipments/${row?.id}/commercial-invoice`,
      headers: s.customer.headers,
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfPageTexts(res.rawPayload)).flat();
    expect(text).toContain('44.99');
    expect(text).toContain('89.98');
    expect(text).toContain('5.00');
    expect(text.join('\n')).toContain('94.98 USD');
    expect(text).not.toContain('45.00');
    expect(text).not.toContain('52.00');
  });
});
