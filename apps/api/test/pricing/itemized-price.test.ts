import type { Address } from '@hopbox/contracts/addresses';
import { UNIDENTIFIED_DEFAULTS } from '@hopbox/contracts/arrivals';
import { roundMoney, sumMoney } from '@hopbox/contracts/money';
import type { Package } from '@hopbox/contracts/packages';
import type { ConsolidatedShipment, SentShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, payments } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { createRateCardProvider } from '../../src/providers/rates/rate-card-provider.ts';
import type { RateProvider } from '../../src/providers/rates/rate-provider.ts';
import type { Headers, TestApp, TestCustomer } from '../helper.ts';
import { addAddress, buildTestApp, createConsolidation, PACKED_BOX, receiveBody, receivePackage, sandboxAnswer } from '../helper.ts';

const DAY = 86_400_000;
const START = new Date('2026-06-01T08:00:00.000Z');

interface PriceAnswer {
  price: number;
  currency: string;
  breakdown: { label: string; amount: number }[];
  insurance: { premium: number; cover: number };
  validUntil?: string;
}

/** A rate card whose prices a test can raise, as an operator publishing new rates would. */
function adjustableRates() {
  const card = createRateCardProvider();
  const state = { factor: 1 };
  const rates: RateProvider = {
    name: 'ratecard',
    async quote(request) {
      const q = await card.quote(request);
      return { ...q, price: roundMoney(q.price * state.factor) };
    },
  };
  return { rates, state };
}

const sum = (lines: { amount: number }[]) => sumMoney(lines.map((l) => l.amount));

/**
 * Issue "Declare, insure": the price request with `packages` prices shipping, the insurance on offer and the storage
 * fees from the packages themselves; the payment charges exactly the breakdown's total, and a price shown holds for
 * 30 minutes even when a rate changes.
 */
describe('an itemized price that holds', () => {
  const clock = settableClock(START);
  const { rates, state } = adjustableRates();
  let t: TestApp;
  let staff: Headers;
  let alice: TestCustomer;
  let home: Address;

  const post = (url: string, payload: Record<string, unknown>, c: TestCustomer = alice) =>
    t.app.inject({ method: 'POST', url, headers: c.headers, payload });
  async function priceOf(pkgs: Package[], insurance: boolean) {
    const res = await post('/api/user/shipments/calculate-shipping-price', {
      packages: pkgs.map((p) => p.hopboxId),
      destination: home.country,
      insurance,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PriceAnswer;
  }
  const generate = (pkg: Package, amount: number, insurance: boolean) =>
    post('/api/user/shipment-payment/generate', {
      shipmentId: `TEMP_${pkg.id}`,
      amount: amount.toFixed(2),
      currency: 'AED',
      packages: [pkg.hopboxId],
      addressId: home.id,
      insurance,
    });
  async function payLink(res: Awaited<ReturnType<typeof generate>>, kind: 'shipment' | 'consolidation' = 'shipment') {
    expect(res.statusCode, res.body).toBe(200);
    const { orderRef, _links } = res.json() as { orderRef: string; _links: { payment: { href: string } } };
    const page = await t.app.inject({ method: 'GET', url: new URL(_links.payment.href).pathname + new URL(_links.payment.href).search });
    expect((await sandboxAnswer(t, _links.payment.href, 'pay')).statusCode).toBe(303);
    const check = await post(`/api/user/${kind}-payment/check`, { orderRef });
    expect(check.json().captured, check.body).toBe(1);
    return { orderRef, page: page.body };
  }
  const sent = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: alice.headers })).json().data as SentShipment[];
  const paymentAmount = async (orderRef: string) =>
    Number((await t.db.select().from(payments).where(eq(payments.orderRef, orderRef)))[0]?.amount);

  beforeAll(async () => {
    t = await buildTestApp({}, { clock, rates });
    staff = (await t.userWithToken('staff')).headers;
    alice = await t.customer();
    home = await addAddress(t, alice.headers, { label: 'Home' });
  });
  afterAll(() => t.close());

  it('offers insurance on the declared value: 2% of the cover, at least 10 AED, whether chosen or not', async () => {
    // 2 x 45.50 USD = 91 USD = 334.20 AED of cover; 2% is 6.68, below the 10 AED minimum.
    const shoes = await receivePackage(t, staff, alice.locker, { receivedDate: START.toISOString() });
    const without = await priceOf([shoes], false);
    expect(without.insurance).toEqual({ premium: 10, cover: 334.2 });
    expect(without.breakdown).toEqual([{ label: 'Shipping', amount: without.price }]);
    const withInsurance = await priceOf([shoes], true);
    expect(withInsurance.insurance).toEqual({ premium: 10, cover: 334.2 });
    expect(withInsurance.breakdown).toEqual([
      { label: 'Shipping', amount: without.price },
      { label: 'Insurance (cover up to 334.20 AED)', amount: 10 },
    ]);
    expect(withInsurance.price).toBe(roundMoney(without.price + 10));
    expect(sum(withInsurance.breakdown)).toBe(withInsurance.price);
  });

  it('prices the premium at 2% above the minimum and caps the cover at the maximum insurable value', async () => {
    // 3 x 500 USD = 5,508.75 AED: 2% is 110.18.
    const laptop = await receivePackage(t, staff, alice.locker, { quantity: 3, unitPrice: 500, totalPrice: 1500 });
    expect((await priceOf([laptop], true)).insurance).toEqual({ premium: 110.18, cover: 5508.75 });
    // 10 x 1,000 USD = 36,725 AED, insured up to 20,000 AED: 400 AED.
    const watches = await receivePackage(t, staff, alice.locker, { quantity: 10, unitPrice: 1000, totalPrice: 10000 });
    expect((await priceOf([watches], true)).insurance).toEqual({ premium: 400, cover: 20000 });
  });

  it('works the premium in fils with one half-up rounding: 2% of 503.75 AED is 10.08 AED, not 10.07', async () => {
    const tablet = await receivePackage(t, staff, alice.locker, { currency: 'AED', quantity: 1, unitPrice: 503.75, totalPrice: 503.75 });
    const quoted = await priceOf([tablet], true);
    expect(quoted.insurance).toEqual({ premium: 10.08, cover: 503.75 });
    expect(quoted.breakdown).toContainEqual({ label: 'Insurance (cover up to 503.75 AED)', amount: 10.08 });
    expect(sum(quoted.breakdown)).toBe(quoted.price);
  });

  it('adds the storage fees accrued past the free days as a line, and the payment charges the whole breakdown', async () => {
    // Received 50 days ago: 45 days free, then 5 started days at 2 AED.
    const old = await receivePackage(t, staff, alice.locker, { receivedDate: new Date(clock.now().getTime() - 50 * DAY).toISOString() });
    expect(old.storage).toEqual({ freeUntil: new Date(START.getTime() - 5 * DAY).toISOString(), daysLeft: 0, feeAccrued: 10 });
    const quoted = await priceOf([old], true);
    expect(quoted.breakdown.map((l) => l.label)).toEqual([
      'Shipping',
      'Insurance (cover up to 334.20 AED)',
      'Storage fees (5 days past free storage)',
    ]);
    expect(quoted.breakdown[2]?.amount).toBe(10);
    expect(sum(quoted.breakdown)).toBe(quoted.price);

    // Paying the shipping alone is not the price of what was chosen.
    const short = await generate(old, roundMoney(quoted.price - 10), true);
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('AMOUNT_MISMATCH');

    const { orderRef, page } = await payLink(await generate(old, quoted.price, true));
    expect(await paymentAmount(orderRef)).toBe(quoted.price);
    // The hosted payment page lists the same lines.
    expect(page).toContain('Insurance (cover up to 334.20 AED)');
    expect(page).toContain('Storage fees (5 days past free storage)');
    const shipment = (await sent()).find((s) => s.packageIds.includes(old.hopboxId));
    expect(shipment).toMatchObject({ amount: quoted.price, insured: true, insuredValue: 334.2 });
    expect(shipment?.priceBreakdown.map((l) => l.amount)).toEqual(quoted.breakdown.map((l) => l.amount));

    // Once paid, nothing more accrues for it.
    clock.advance(10 * DAY);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, old.id));
    expect(Number(row?.storageFeeCharged)).toBe(10);
    const details = await t.app.inject({ method: 'GET', url: `/api/user/received-packages/${old.id}`, headers: alice.headers });
    expect(details.json().data.storage.feeAccrued).toBe(10);
  });

  it('charges the handling of a parcel received unidentified as its own line, once, with storage counted from its claim', async () => {
    // Received 50 days ago without a suite number; claimed today, it has all its free storage ahead.
    const tracking = `1ZHANDLING${Date.now()}`;
    const received = await t.app.inject({
      method: 'POST',
      url: '/api/staff/packages',
      headers: staff,
      payload: receiveBody('', {
        externalTrackingNumber: tracking,
        receivedDate: new Date(clock.now().getTime() - 50 * DAY).toISOString(),
      }),
    });
    expect(received.json().data.receipt.receivedAs).toBe('UNIDENTIFIED');
    const claim = await post(`/api/user/unidentified-packages/${received.json().data.id}/claim`, { trackingNumber: tracking });
    expect(claim.statusCode, claim.body).toBe(200);
    const parcel = claim.json().data as Package;
    expect(parcel.storage.feeAccrued).toBe(0);

    const quoted = await priceOf([parcel], false);
    expect(quoted.breakdown).toEqual([
      { label: 'Shipping', amount: expect.any(Number) },
      { label: 'Unidentified parcel handling', amount: UNIDENTIFIED_DEFAULTS.handlingFee },
    ]);
    expect(sum(quoted.breakdown)).toBe(quoted.price);
    const { orderRef, page } = await payLink(await generate(parcel, quoted.price, false));
    expect(await paymentAmount(orderRef)).toBe(quoted.price);
    expect(page).toContain('Unidentified parcel handling');
    const shipment = (await sent()).find((s) => s.packageIds.includes(parcel.hopboxId));
    expect(shipment?.priceBreakdown).toEqual(quoted.breakdown);
  });

  it('charges a price shown less than 30 minutes ago even after a rate rose, and the new price after that', async () => {
    state.factor = 1;
    const pkg = await receivePackage(t, staff, alice.locker, { receivedDate: clock.now().toISOString() });
    const shown = await priceOf([pkg], false);
    expect(new Date(shown.validUntil as string).getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    state.factor = 1.5;
    clock.advance(29 * 60_000);
    const { orderRef } = await payLink(await generate(pkg, shown.price, false));
    expect(await paymentAmount(orderRef)).toBe(shown.price);

    state.factor = 1;
    const later = await receivePackage(t, staff, alice.locker, { receivedDate: clock.now().toISOString() });
    const first = await priceOf([later], false);
    state.factor = 1.5;
    clock.advance(31 * 60_000);
    const stale = await generate(later, first.price, false);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('AMOUNT_MISMATCH');
    const again = await priceOf([later], false);
    expect(again.price).toBe(roundMoney(first.price * 1.5));
    expect((await generate(later, again.price, false)).statusCode).toBe(200);
    state.factor = 1;
  });

  it('prices a consolidation with its storage and insurance on offer, and charges the insured total', async () => {
    const stale = new Date(clock.now().getTime() - 46 * DAY - 1000).toISOString();
    const a = await receivePackage(t, staff, alice.locker, { receivedDate: stale });
    const b = await receivePackage(t, staff, alice.locker, { receivedDate: clock.now().toISOString() });
    const { id } = await createConsolidation(t, alice.headers, [a, b], home);
    const ready = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/shipments/${id}`,
      headers: staff,
      payload: { readyToShip: true, consolidationStatus: 'Completed', ...PACKED_BOX },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const row = (
      (await t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: alice.headers })).json()
        .data as ConsolidatedShipment[]
    ).find((s) => s.id === id);
    // a: 46 days and a second: 2 started days past its free 45, 4 AED. Cover 668.40 AED: 2% is 13.37.
    expect(row?.breakdown).toEqual([
      { label: 'Shipping', amount: expect.any(Number) },
      { label: 'Storage fees (2 days past free storage)', amount: 4 },
    ]);
    expect(row?.insurance).toEqual({ premium: 13.37, cover: 668.4 });
    expect(row?.amount).toBe(sum(row?.breakdown ?? []));
    const total = roundMoney((row?.amount ?? 0) + 13.37);
    const generated = await post('/api/user/consolidation-payment/generate', {
      shipmentIds: [id],
      amount: total.toFixed(2),
      currency: 'AED',
      insurance: true,
    });
    const { orderRef } = await payLink(generated, 'consolidation');
    expect(await paymentAmount(orderRef)).toBe(total);
    const shipment = (await sent()).find((s) => s.id === id);
    expect(shipment).toMatchObject({ amount: total, insured: true, insuredValue: 668.4 });
    expect(sum(shipment?.priceBreakdown ?? [])).toBe(total);
  });
});
