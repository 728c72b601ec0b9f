import type { Package } from '@hopbox/contracts/packages';
import { SAMPLE_DUTY_RULE } from '@hopbox/contracts/test-fixtures';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dutyRules, sandboxCarrierBookings, shipments } from '../../src/db/schema.ts';
import { addAddress, declaredItem, payOpened, receivePackage, type TestCustomer, useTestApp } from '../helper.ts';

/** The UAE as an admin sets it: 5 % duty on CIF above AED 1,000, 5 % VAT on every import, books exempt, tobacco at 100 %. */
const UAE_RULE = SAMPLE_DUTY_RULE;

interface Duties {
  estimated: boolean;
  duty: number;
  vat: number;
  fees: number;
  total: number;
  currency: string;
  payableAt: 'DELIVERY' | 'PREPAID';
  basis: 'FOB' | 'CIF';
  reason?: string;
}
interface PriceAnswer {
  price: number;
  breakdown: { label: string; amount: number }[];
  duties: Duties;
}

/**
 * Issue "No surprise at the door", duties and taxes (decision 071): the price with `packages` estimates what customs
 * will ask from the destination's rule, an admin's data; `dutiesPaid` makes it a line of the price, charged exactly,
 * and the booking tells the carrier the shipper pays them. A destination without a rule is not estimated, and says so.
 */
describe('import duties and taxes in the price', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const admin = (await t.userWithToken('admin')).headers;
    const alice = await t.customer();
    const home = await addAddress(t, alice.headers);
    const muscat = await addAddress(t, alice.headers, { label: 'Muscat', city: 'Muscat', state: 'Muscat', country: 'Oman' });
    return { staff, admin, alice, home, muscat };
  });

  async function setRule(code: string, rule: object) {
    const res = await s.t.app.inject({ method: 'PUT', url: `/api/admin/duty-rules/${code}`, headers: s.admin, payload: rule });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A package of the customer's, declared line by line (USD at the rate card's 3.6725 AED). */
  async function declared(items: { hsCode: string | null; unitValue: number; quantity?: number }[], c: TestCustomer = s.alice) {
    const pkg = await receivePackage(s.t, s.staff, c.locker, {
      packageWeight: 1,
      packageLength: 20,
      packageBreadth: 20,
      packageHeight: 10,
    });
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `/api/user/received-packages/${pkg.id}/declaration`,
      headers: c.headers,
      payload: { items: items.map((i) => declaredItem({ ...i, quantity: i.quantity ?? 1 })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return pkg;
  }
  async function priceOf(pkg: Package, extra: Record<string, unknown> = {}, country = s.home.country) {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments/calculate-shipping-price',
      headers: s.alice.headers,
      payload: { packages: [pkg.hopboxId], destination: country, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PriceAnswer;
  }

  it('estimates nothing without a rule, and says so', async () => {
    const pkg = await declared([{ hsCode: '640411', unitValue: 1000 }]);
    const priced = await priceOf(pkg, {}, 'Oman');
    expect(priced.duties).toEqual({
      estimated: false,
      country: 'OM',
      reason: 'Import duties and taxes are not estimated for Oman: the carrier may collect them at delivery.',
    });
    // Asking to prepay what is not estimated adds nothing.
    expect((await priceOf(pkg, { dutiesPaid: true }, 'Oman')).price).toBe(priced.price);
  });

  it('computes the duties from the rule an admin set: below and above the threshold, CIF and FOB, an exempt chapter', async () => {
    await setRule('AE', UAE_RULE);
    // 250 USD = 918.13 AED: under the AED 1,000 threshold, so VAT alone, on goods plus shipping (CIF).
    const under = await priceOf(await declared([{ hsCode: '640411', unitValue: 250 }]));
    const shippingUnder = under.breakdown[0]?.amount as number;
    expect(under.duties).toMatchObject({ estimated: true, duty: 0, basis: 'CIF', payableAt: 'DELIVERY', currency: 'AED' });
    expect(under.duties.vat).toBeCloseTo(Math.round((918.13 + shippingUnder) * 5) / 100, 2);

    // 400 USD = 1,469.00 AED: duty 5 % of CIF, VAT 5 % of CIF plus duty.
    const above = await priceOf(await declared([{ hsCode: '640411', unitValue: 400 }]));
    const cif = 1469 + (above.breakdown[0]?.amount as number);
    expect(above.duties.duty).toBeCloseTo(Math.round(cif * 5) / 100, 2);
    expect(above.duties.vat).toBeCloseTo(Math.round((cif + above.duties.duty) * 5) / 100, 2);
    expect(above.duties.total).toBeCloseTo(above.duties.duty + above.duties.vat, 2);

    // Books (chapter 49) pay no duty, VAT only; the same value in shoes pays both.
    const books = await priceOf(await declared([{ hsCode: '490199', unitValue: 400 }]));
    expect(books.duties.duty).toBe(0);
    expect(books.duties.vat).toBeGreaterThan(0);

    // The same goods on FOB pay duty on the goods alone.
    await setRule('AE', { ...UAE_RULE, dutyBasis: 'FOB' });
    const fob = await priceOf(await declared([{ hsCode: '640411', unitValue: 400 }]));
    expect(fob.duties).toMatchObject({ basis: 'FOB', duty: 73.45 });
    await setRule('AE', UAE_RULE);
  });

  it('charges prepaid duties exactly, as a line of the price, and books them as paid by the shipper', async () => {
    await setRule('AE', UAE_RULE);
    const pkg = await declared([{ hsCode: '640411', unitValue: 400 }]);
    const atDoor = await priceOf(pkg);
    const prepaid = await priceOf(pkg, { dutiesPaid: true });
    expect(prepaid.duties.payableAt).toBe('PREPAID');
    expect(prepaid.breakdown.at(-1)).toEqual({ label: 'Import duties and taxes', amount: atDoor.duties.total });
    expect(prepaid.price).toBeCloseTo(atDoor.price + atDoor.duties.total, 2);

    const generate = (amount: number) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/user/shipment-payment/generate',
        headers: s.alice.headers,
        payload: { currency: 'AED', packages: [pkg.hopboxId], addressId: s.home.id, amount: amount.toFixed(2), dutiesPaid: true },
      });
    // The price without the duties is not what prepaying them costs.
    expect((await generate(atDoor.price)).json().code).toBe('AMOUNT_MISMATCH');
    const opened = await generate(prepaid.price);
    expect(opened.statusCode, opened.body).toBe(200);
    const { shipmentId } = await payOpened(s.t, s.alice.headers, opened.json());
    const [row] = await s.t.db
      .select()
      .from(shipments)
      .where(eq(shipments.shipmentId, shipmentId as string));
    expect(Number(row?.amount)).toBe(prepaid.price);
    expect(row?.duties).toMatchObject({ payableAt: 'PREPAID', total: atDoor.duties.total });
    expect(row?.priceBreakdown?.at(-1)).toEqual({ label: 'Import duties and taxes', amount: atDoor.duties.total });

    const booked = await s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${row?.id}/airway-bill`, headers: s.staff });
    expect(booked.statusCode, booked.body).toBe(200);
    const [booking] = await s.t.db.select().from(sandboxCarrierBookings).where(eq(sandboxCarrierBookings.awb, booked.json().data.awb));
    expect(booking?.booking).toMatchObject({ dutiesPaid: true });

    // The receipt says it: nothing more at the door.
    const sent = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.alice.headers });
    const listed = (sent.json().data as { shipmentId: string; duties: Duties | null }[]).find((x) => x.shipmentId === row?.shipmentId);
    expect(listed?.duties).toMatchObject({ payableAt: 'PREPAID' });
  });

  it('charges the estimate shown within the hold when an admin changes the rule meanwhile', async () => {
    await setRule('AE', UAE_RULE);
    const pkg = await declared([{ hsCode: '640411', unitValue: 400 }]);
    const shown = await priceOf(pkg, { dutiesPaid: true });
    await s.t.db
      .update(dutyRules)
      .set({ rule: { ...UAE_RULE, vatRate: 20 } as never })
      .where(eq(dutyRules.countryCode, 'AE'));
    const opened = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipment-payment/generate',
      headers: s.alice.headers,
      payload: { currency: 'AED', packages: [pkg.hopboxId], addressId: s.home.id, amount: shown.price.toFixed(2), dutiesPaid: true },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // Asked again, the price is the new rule's.
    expect((await priceOf(pkg, { dutiesPaid: true })).duties.vat).toBeGreaterThan(shown.duties.vat);
    await setRule('AE', UAE_RULE);
  });
});
