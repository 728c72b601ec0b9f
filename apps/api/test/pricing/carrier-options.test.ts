import type { Address } from '@hopbox/contracts/addresses';
import { OPTION_NOT_OFFERED } from '@hopbox/contracts/carrier-options';
import type { Package } from '@hopbox/contracts/packages';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxCarrierBookings, shipments } from '../../src/db/schema.ts';
import {
  addAddress,
  createConsolidation,
  expectError,
  PACKED_BOX,
  payOpened,
  receivePackage,
  staffUpdateShipment,
  type TestCustomer,
  useTestApp,
} from '../helper.ts';

const EXPRESS = 'sandbox:XPS:NOR';
const ECONOMY = 'sandbox:ECO:NOR';

interface PriceAnswer {
  price: number;
  option: string;
  options: { id: string; name: string; price: number; transitDays: { min: number; max: number } }[];
  breakdown: { label: string; amount: number }[];
  details: { productType: string; productName: string };
}

/**
 * Issue "No surprise at the door", a choice of carrier (decision 070): the price answers every option, cheapest
 * first; a payment charges the option it names (the cheapest when none) and the shipment is booked with it.
 */
describe('carrier options', () => {
  const s = useTestApp({ SANDBOX_CARRIER_PRODUCTS: 'XPS,ECO' }, async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.customer();
    return { staff, alice, home: await addAddress(t, alice.headers) };
  });

  const receive = (c: TestCustomer = s.alice) => receivePackage(s.t, s.staff, c.locker);
  async function priceOf(pkgs: Package[], extra: Record<string, unknown> = {}, home: Address = s.home) {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments/calculate-shipping-price',
      headers: s.alice.headers,
      payload: { packages: pkgs.map((p) => p.hopboxId), destination: home.country, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PriceAnswer;
  }
  const generate = (pkg: Package, payload: Record<string, unknown>) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipment-payment/generate',
      headers: s.alice.headers,
      payload: { shipmentId: `TEMP_${Date.now()}`, currency: 'AED', packages: [pkg.hopboxId], addressId: s.home.id, ...payload },
    });
  it('answers both of the sandbox carrier’s products, cheapest first, and prices the cheapest by default', async () => {
    const pkg = await receive();
    const quoted = await priceOf([pkg]);
    expect(quoted.options.map((o) => o.id)).toEqual([ECONOMY, EXPRESS]);
    const [economy, express] = quoted.options;
    expect(economy?.price).toBeLessThan(express?.price as number);
    expect(economy?.transitDays.max).toBeGreaterThan(express?.transitDays.max as number);
    expect(economy?.name).toBe('Hopbox Sandbox Economy');
    expect(quoted).toMatchObject({ option: ECONOMY, price: economy?.price, details: { productType: 'ECO', productName: 'Economy' } });

    const chosen = await priceOf([pkg], { option: EXPRESS });
    expect(chosen).toMatchObject({ option: EXPRESS, price: express?.price, details: { productType: 'XPS' } });
    expect(chosen.breakdown[0]).toEqual({ label: 'Shipping', amount: express?.price });
  });

  it('charges the option named and books the shipment with its product; the cheapest when none is named', async () => {
    const pkg = await receive();
    const express = (await priceOf([pkg], { option: EXPRESS })).price;
    const economy = (await priceOf([pkg])).price;
    // The cheapest's amount with Express named is not what Express costs.
    const wrong = await generate(pkg, { amount: economy.toFixed(2), option: EXPRESS });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('AMOUNT_MISMATCH');

    const opened = await generate(pkg, { amount: express.toFixed(2), option: EXPRESS });
    expect(opened.statusCode, opened.body).toBe(200);
    const { shipmentId } = await payOpened(s.t, s.alice.headers, opened.json());
    const [row] = await s.t.db
      .select()
      .from(shipments)
      .where(eq(shipments.shipmentId, shipmentId as string));
    expect(row?.carrierOption).toMatchObject({ id: EXPRESS, carrier: 'sandbox', product: 'XPS', service: 'NOR' });
    expect(Number(row?.amount)).toBe(express);

    const booked = await s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${row?.id}/airway-bill`, headers: s.staff });
    expect(booked.statusCode, booked.body).toBe(200);
    const [booking] = await s.t.db.select().from(sandboxCarrierBookings).where(eq(sandboxCarrierBookings.awb, booked.json().data.awb));
    expect(booking?.booking).toMatchObject({ reference: shipmentId, product: 'XPS', service: 'NOR', dutiesPaid: false });

    const other = await receive();
    const cheapest = await generate(other, { amount: (await priceOf([other])).price.toFixed(2) });
    expect(cheapest.statusCode, cheapest.body).toBe(200);
    const paid = await payOpened(s.t, s.alice.headers, cheapest.json());
    const [economyRow] = await s.t.db
      .select()
      .from(shipments)
      .where(eq(shipments.shipmentId, paid.shipmentId as string));
    expect(economyRow?.carrierOption).toMatchObject({ id: ECONOMY, product: 'ECO' });
    expect(Number(economyRow?.amount)).toBe(economy);
  });

  it('refuses an option that was not priced (409) or is malformed (400), opening nothing', async () => {
    const pkg = await receive();
    const price = (await priceOf([pkg])).price.toFixed(2);
    const unknown = await generate(pkg, { amount: price, option: 'dhl:P:NOR' });
    expectError(unknown, 409, OPTION_NOT_OFFERED, 'option');
    expect(unknown.json().code).toBe('OPTION_NOT_OFFERED');
    for (const option of ['x'.repeat(61), 'not an option', 42]) {
      const bad = await generate(pkg, { amount: price, option });
      expect(bad.statusCode, String(option)).toBe(400);
    }
    const asked = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments/calculate-shipping-price',
      headers: s.alice.headers,
      payload: { packages: [pkg.hopboxId], destination: s.home.country, option: 'sandbox:ZZZ:NOR' },
    });
    expectError(asked, 409, OPTION_NOT_OFFERED, 'option');
    // Nothing was held by the refused payments: the package is paid for at once with a good choice.
    expect((await generate(pkg, { amount: price })).statusCode).toBe(200);
  });

  it('lists a consolidation’s options and charges the one its payment names', async () => {
    const pkgs = [await receive(), await receive()];
    const created = await createConsolidation(s.t, s.alice.headers, pkgs, s.home);
    // Packed and ready: its price is the packed box's, in each option.
    const packed = await staffUpdateShipment(s.t, s.staff, created.id, { ...PACKED_BOX, readyToShip: true });
    expect(packed.statusCode, packed.body).toBe(200);
    const list = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: s.alice.headers });
    const row = (list.json().data as ConsolidatedShipment[]).find((r) => r.id === created.id);
    expect(row?.options.map((o) => o.id)).toEqual([ECONOMY, EXPRESS]);
    expect(row?.option).toBe(ECONOMY);
    const express = row?.options.find((o) => o.id === EXPRESS) as { price: number };
    const shipping = row?.breakdown[0]?.amount as number;
    const amount = (row?.amount as number) - shipping + express.price;
    const generated = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/consolidation-payment/generate',
      headers: s.alice.headers,
      payload: { shipmentIds: [created.id], amount: amount.toFixed(2), currency: 'AED', option: EXPRESS },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect((await payOpened(s.t, s.alice.headers, generated.json(), 'consolidation')).captured).toBe(1);
    const [paid] = await s.t.db.select().from(shipments).where(eq(shipments.id, created.id));
    expect(paid?.paymentStatus).toBe('Paid');
    expect(paid?.carrierOption).toMatchObject({ id: EXPRESS, product: 'XPS' });
    expect(Number(paid?.amount)).toBeCloseTo(amount, 2);
  });
});
