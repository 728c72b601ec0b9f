import type { DeclarationItem } from '@hopbox/contracts/declarations';
import type { AirwayBill } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { declarationItems, shipments } from '../../src/db/schema.ts';
import { insertDeclarationItems } from '../../src/modules/packages/declarations-repository.ts';
import { declaredValueOf, goodsDescription } from '../../src/modules/shipments/carrier-service.ts';
import type { InvoiceLine } from '../../src/modules/shipments/invoice-pdf.ts';
import { type C3xFake, c3xCarrierEnv, startC3xFake } from '../carriers/c3x-fake.ts';
import { addAddress, buildTestApp, createConsolidation, type Headers, receivePackage, type TestApp, type TestCustomer } from '../helper.ts';

const line = (overrides: Partial<InvoiceLine> = {}): InvoiceLine => ({
  hopboxId: 'HBX1000001',
  description: 'Running shoes',
  hsCode: null,
  originCountry: 'United States of America',
  quantity: 1,
  unitValue: 10,
  currency: 'USD',
  ...overrides,
});

/** The carrier booking describes and values the goods by their customs declaration (issue "Declare, insure"). */
describe('booking request from the declaration', () => {
  describe('goodsDescription', () => {
    it('joins the distinct descriptions in order', () => {
      expect(goodsDescription(['Shoes', ' Socks ', 'Shoes', 'A  book'])).toBe('Shoes, Socks, A book');
    });
    it('keeps within the limit with whole descriptions and says how many more there are', () => {
      const many = Array.from({ length: 30 }, (_, i) => `Cotton T-shirt number ${i + 1}`);
      const text = goodsDescription(many);
      expect(text.length).toBeLessThanOrEqual(200);
      expect(text).toMatch(/^Cotton T-shirt number 1, Cotton T-shirt number 2, .* and \d+ more$/);
      const shown = text.replace(/ and \d+ more$/, '').split(', ').length;
      expect(text).toContain(`and ${30 - shown} more`);
    });
    it('cuts a single description longer than the limit', () => {
      const text = goodsDescription(['x'.repeat(250), 'Socks']);
      expect(text.length).toBeLessThanOrEqual(200);
      expect(text.endsWith('... and 1 more')).toBe(true);
    });
    it('names the goods generally when nothing is declared', () => {
      expect(goodsDescription([])).toBe('Personal goods');
    });
  });

  describe('declaredValueOf', () => {
    it('one currency: the declaration total in it', () => {
      expect(declaredValueOf([line({ quantity: 2, unitValue: 45.5 }), line({ quantity: 3, unitValue: 0.1 })])).toEqual({
        declaredValue: 91.3,
        currency: 'USD',
      });
    });
    it('several currencies: their sum in AED by the rate card', () => {
      // 100 USD × 3.6725 + 20 EUR × 3.97.
      expect(declaredValueOf([line({ quantity: 2, unitValue: 50 }), line({ unitValue: 20, currency: 'EUR' })])).toEqual({
        declaredValue: 446.65,
        currency: 'AED',
      });
    });
  });

  describe('through the app (C3X fake)', () => {
    let c3x: C3xFake;
    let t: TestApp;
    let staff: Headers;
    let customer: TestCustomer;
    beforeAll(async () => {
      c3x = await startC3xFake();
      t = await buildTestApp(c3xCarrierEnv(c3x));
      staff = (await t.userWithToken('staff')).headers;
      customer = await t.customer();
    });
    afterAll(async () => {
      await t?.close();
      await c3x?.close();
    });
    afterEach(() => c3x.reset());

    async function declare(packageId: number, items: DeclarationItem[]) {
      await t.db.delete(declarationItems).where(eq(declarationItems.packageId, packageId));
      await insertDeclarationItems(t.db, packageId, items);
    }
    const item = (overrides: Partial<DeclarationItem>): DeclarationItem => ({
      description: 'Item',
      hsCode: null,
      quantity: 1,
      unitValue: 1,
      currency: 'USD',
      originCountry: 'United States of America',
      ...overrides,
    });

    it('a paid consolidation declared in USD and EUR is booked with every item described and the total in AED', async () => {
      const home = await addAddress(t, customer.headers);
      const a = await receivePackage(t, staff, customer.locker);
      const b = await receivePackage(t, staff, customer.locker, { currency: 'EUR' });
      await declare(a.id, [item({ description: 'Trail shoes', quantity: 2, unitValue: 50 }), item({ description: 'Socks', unitValue: 0 })]);
      await declare(b.id, [item({ description: 'Leather wallet', unitValue: 20, currency: 'EUR' })]);
      const consolidation = await createConsolidation(t, customer.headers, [a, b], home);
      await t.db.update(shipments).set({ paymentStatus: 'Paid', shipmentStatus: 'Finalized' }).where(eq(shipments.id, consolidation.id));
      const res = await t.app.inject({ method: 'POST', url: `/api/staff/shipments/${consolidation.id}/airway-bill`, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as AirwayBill).carrier).toBe('c3x');
      expect(c3x.bodiesOf('CreateAirwayBill').at(-1)).toMatchObject({
        ShipperReference: consolidation.shipmentId,
        GoodsDescription: 'Trail shoes, Socks, Leather wallet',
        DeclaredValue: 446.65,
        Currency: 'AED',
        Pieces: 2,
      });
    });
  });
});
