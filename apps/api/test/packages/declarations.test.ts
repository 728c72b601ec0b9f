import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import type { Declaration, DeclarationItemInput } from '@hopbox/contracts/declarations';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { describe, expect, it } from 'vitest';
import type { TestCustomer } from '../helper.ts';
import { addAddress, declaredItem, expectError, putInShipment, receivePackage, shipmentBody, useTestApp } from '../helper.ts';

const item = (overrides: Partial<DeclarationItemInput> = {}): DeclarationItemInput => ({
  ...declaredItem({ hsCode: '640411', quantity: 2, unitValue: 45.5, originCountry: 'Vietnam' }),
  ...overrides,
});

describe("customer: a package's customs declaration", () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const [alice, bob] = [await t.customer(), await t.customer()];
    const home = await addAddress(t, alice.headers, { label: 'Home' });
    return { staff, alice, bob, home };
  });

  const receive = (overrides: Record<string, unknown> = {}, c: TestCustomer = s.alice) => receivePackage(s.t, s.staff, c.locker, overrides);
  const url = (p: Package | number) => `/api/user/received-packages/${typeof p === 'number' ? p : p.id}/declaration`;
  const get = (p: Package, c: TestCustomer = s.alice) => s.t.app.inject({ method: 'GET', url: url(p), headers: c.headers });
  const put = (p: Package, payload: unknown, c: TestCustomer = s.alice) =>
    s.t.app.inject({ method: 'PUT', url: url(p), headers: c.headers, payload: payload as Record<string, unknown> });
  const declaration = async (p: Package) => {
    const res = await get(p);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Declaration;
  };
  const pkg = async (p: Package) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${p.id}`, headers: s.alice.headers })).json().data as Package;
  const edit = (p: Package, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: `/api/user/received-packages/${p.id}`, headers: s.alice.headers, payload });

  it('answers the declaration a received package starts with: one item of its content, quantity, price and origin', async () => {
    const p = await receive({ packageContent: 'Running shoes', quantity: 2, unitPrice: 45.5, totalPrice: 91, origin: 'Germany' });
    const res = await get(p);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        items: [{ description: 'Running shoes', hsCode: null, quantity: 2, unitValue: 45.5, currency: 'USD', originCountry: 'Germany' }],
        complete: true,
        totalValue: 91,
        currency: 'USD',
        version: expect.stringMatching(/^[\w-]{22}$/),
      },
    });
    expect(p.declarationComplete).toBe(true);
  });

  it('is incomplete for a package received at unit price 0', async () => {
    const p = await receive({ unitPrice: 0, totalPrice: 0 });
    expect(p.declarationComplete).toBe(false);
    expect((await declaration(p)).complete).toBe(false);
  });

  it("replaces the items, and the package's quantity, unit price, total price and completeness follow", async () => {
    const p = await receive({ unitPrice: 0, totalPrice: 0, quantity: 1 });
    const res = await put(p, {
      items: [
        item({ quantity: 2, unitValue: 45.5 }),
        item({ description: 'Socks', hsCode: '6115.95', quantity: 1, unitValue: 10, currency: undefined }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: declarationMessages.saved });
    const data = res.json().data as Declaration;
    expect(data).toMatchObject({ complete: true, totalValue: 101, currency: 'USD' });
    expect(data.items[1]).toEqual({
      description: 'Socks',
      hsCode: '611595',
      quantity: 1,
      unitValue: 10,
      currency: 'USD',
      originCountry: 'Vietnam',
    });
    expect(await declaration(p)).toEqual(data);
    expect(await pkg(p)).toMatchObject({ quantity: 3, totalPrice: 101, unitPrice: 33.67, declarationComplete: true });
  });

  it('keeps an item of value 0 incomplete', async () => {
    const p = await receive();
    const res = await put(p, { items: [item(), item({ unitValue: 0 })] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.complete).toBe(false);
    expect((await pkg(p)).declarationComplete).toBe(false);
  });

  describe('validation: a 400 naming the field, and nothing changed', () => {
    const cases: [string, unknown, string][] = [
      ['a description of 2 characters', { items: [item({ description: 'ab' })] }, 'items.0.description'],
      ['a description of 201 characters', { items: [item(), item({ description: 'x'.repeat(201) })] }, 'items.1.description'],
      ['an HS code of 5 digits', { items: [item({ hsCode: '12345' })] }, 'items.0.hsCode'],
      ['an HS code of letters', { items: [item({ hsCode: 'ABCDEF' })] }, 'items.0.hsCode'],
      ['a quantity of 0', { items: [item({ quantity: 0 })] }, 'items.0.quantity'],
      ['a quantity of 1.5', { items: [item({ quantity: 1.5 })] }, 'items.0.quantity'],
      ['a unit value of -1', { items: [item({ unitValue: -1 })] }, 'items.0.unitValue'],
      ['a unit value of 1.005', { items: [item({ unitValue: 1.005 })] }, 'items.0.unitValue'],
      ['an origin not in the list', { items: [item({ originCountry: 'Atlantis' })] }, 'items.0.originCountry'],
      ['no items', { items: [] }, 'items'],
      ['51 items', { items: Array.from({ length: 51 }, () => item()) }, 'items'],
      ['no items list', {}, 'items'],
    ];
    it.each(cases)('refuses %s', async (_name, payload, field) => {
      const p = await receive();
      const before = await declaration(p);
      const res = await put(p, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field });
      expect(await declaration(p)).toEqual(before);
      expect((await pkg(p)).totalPrice).toBe(91);
    });

    it("refuses an item in another currency than the package's", async () => {
      const p = await receive({ currency: 'USD' });
      const before = await declaration(p);
      expectError(
        await put(p, { items: [item(), item({ currency: 'EUR' })] }),
        400,
        "Currency must be the package's (USD)",
        'items.1.currency',
      );
      expect(await declaration(p)).toEqual(before);
    });
  });

  it("answers 404 for another customer's package, and leaves it as it was", async () => {
    const theirs = await receive({}, s.bob);
    expectError(await get(theirs), 404, messages.packages.packageNotFound);
    expectError(await put(theirs, { items: [item({ description: 'Mine now' })] }), 404, messages.packages.packageNotFound);
    expect((await get(theirs, s.bob)).json().data.items[0].description).toBe('Running shoes');
  });

  it('answers 409 for a package already in a shipment', async () => {
    const p = await receive();
    await putInShipment(s.t, p, s.alice.id);
    const res = await put(p, { items: [item()] });
    expectError(res, 409, messages.packages.packageInShipment);
    expect(res.json().code).toBe('PACKAGE_IN_SHIPMENT');
    expect((await get(p)).statusCode).toBe(200);
  });

  describe('the package edit of SPEC.md (PUT /api/user/received-packages/{id})', () => {
    it('moves a one-item declaration with it and reads the completeness again', async () => {
      const p = await receive({ unitPrice: 0, totalPrice: 0, quantity: 1 });
      const res = await edit(p, { description: 'Shoes', quantity: 3, unitPrice: 10, totalPrice: 30 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ quantity: 3, unitPrice: 10, totalPrice: 30, declarationComplete: true });
      expect(await declaration(p)).toMatchObject({ complete: true, totalValue: 30, items: [{ quantity: 3, unitValue: 10 }] });
      await edit(p, { description: 'Shoes', quantity: 3, unitPrice: 0, totalPrice: 0 });
      expect(await declaration(p)).toMatchObject({ complete: false, totalValue: 0 });
      expect((await pkg(p)).declarationComplete).toBe(false);
    });

    it('refuses a change of quantity or value when the declaration has several items, but takes the description', async () => {
      const p = await receive();
      await put(p, { items: [item(), item({ description: 'Socks', quantity: 1, unitValue: 10 })] });
      for (const change of [{ quantity: 4 }, { unitPrice: 40 }, { totalPrice: 120 }]) {
        const res = await edit(p, { description: 'x', quantity: 3, unitPrice: 33.67, totalPrice: 101, ...change });
        expectError(res, 409, declarationMessages.valueFromDeclaration);
      }
      const res = await edit(p, { description: 'Shoes and socks', quantity: 3, unitPrice: 33.67, totalPrice: 101 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ description: 'Shoes and socks', quantity: 3, totalPrice: 101 });
      expect((await declaration(p)).items).toHaveLength(2);
    });
  });

  describe('an incomplete declaration blocks both ways to ship', () => {
    it('refuses the single-package payment with 409 naming the package', async () => {
      const p = await receive({ unitPrice: 0, totalPrice: 0 });
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/shipment-payment/generate',
        headers: s.alice.headers,
        payload: {
          shipmentId: `TEMP_${Date.now()}`,
          amount: '100.00',
          userId: s.alice.id,
          currency: 'AED',
          redirectUrl: 'https://portal.hopbox.test/user/shipment-payment-callback',
          packages: [p.hopboxId],
          addressId: s.home.id,
        },
      });
      expectError(res, 409, `Please complete the customs declaration for: ${p.hopboxId}`);
      expect(res.json().code).toBe('DECLARATION_INCOMPLETE');
    });

    it('refuses the consolidated create with 409 naming every incomplete package, and takes it once declared', async () => {
      const [a, b, c] = [await receive({ unitPrice: 0, totalPrice: 0 }), await receive(), await receive({ unitPrice: 0, totalPrice: 0 })];
      const create = () =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/user/shipments',
          headers: s.alice.headers,
          payload: shipmentBody([a, b, c], s.home, { notes: '', isSinglePackage: false, shipmentStatus: 'Pending' }),
        });
      const res = await create();
      expectError(res, 409, `Please complete the customs declaration for: ${a.hopboxId}, ${c.hopboxId}`);
      expect(res.json().message).toBe(declarationMessages.incomplete([a.hopboxId, c.hopboxId]));
      for (const p of [a, c]) expect((await put(p, { items: [item()] })).statusCode).toBe(200);
      expect((await create()).statusCode).toBe(201);
    });
  });
});
