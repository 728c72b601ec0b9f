import { MAX_SHIPMENT_PACKAGES } from '@hopbox/contracts/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_FINDER } from '../../src/providers/rates/c3x-provider.ts';
import { buildTestApp, type TestApp, type TestCustomer } from '../helper.ts';
import { insertParcels } from '../packages/locker-parcels.ts';
import { startFakeServer } from '../providers/fake-http.ts';

const PRICE_URL = '/api/user/shipments/calculate-shipping-price';

/**
 * Issue "Exactly once, in one place", loose ends: a courier's rate API is asked once per request shape for a few
 * minutes, and a few calls at a time: one price request for 100 packages never makes 101 calls at once.
 */
describe('C3X RateFinder calls: cached by shape, a few at a time', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeServer>>;
  let customer: TestCustomer;
  let inFlight = 0;
  let mostAtOnce = 0;

  beforeAll(async () => {
    fake = await startFakeServer(async (req) => {
      if (req.url !== '/C3XService.svc/RateFinder') return { status: 404, text: 'not found' };
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      const weight = Number((req.body as { Weight: number }).Weight);
      return { json: { Code: 1, Description: 'OK', NetAmount: 40 + weight * 10 } };
    });
    t = await buildTestApp({
      RATE_PROVIDER: 'c3x',
      C3X_BASE_URL: fake.url,
      C3X_ACCOUNT_NO: 'ACC-88',
      C3X_USERNAME: 'hopbox-rates',
      C3X_PASSWORD: 'rate-s3cret',
      C3X_DEFAULT_STATION: 'SHJ',
    });
    customer = await t.customer();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** Packages in the customer's locker (ours unless another is given), weighing what `weightOf` says, 10 cm a side. */
  async function lockerPackages(count: number, weightOf: (i: number) => number, owner = customer) {
    const rows = await insertParcels(t, owner, count, (i) => ({
      totalPrice: '20',
      packageWeight: String(weightOf(i)),
      packageLength: '10',
      packageBreadth: '10',
      packageHeight: '10',
    }));
    return rows.map((r) => r.hopboxId);
  }

  const price = (refs: string[]) =>
    t.app.inject({ method: 'POST', url: PRICE_URL, headers: customer.headers, payload: { packages: refs, destination: 'Saudi Arabia' } });

  const calls = () => fake.requests.length;

  it(`prices ${MAX_SHIPMENT_PACKAGES} packages of 5 weights with one call per shape, and a second time with none`, async () => {
    const refs = await lockerPackages(MAX_SHIPMENT_PACKAGES, (i) => 1 + (i % 5));
    const before = calls();
    const first = await price(refs);
    expect(first.statusCode, first.body).toBe(200);
    // The box of all 100, and each of the 5 weights alone.
    expect(calls() - before).toBe(6);

    const again = await price(refs);
    expect(again.json()).toEqual(first.json());
    expect(calls() - before).toBe(6);
  });

  it(`asks at most ${RATE_FINDER.callsAtOnce} prices at once, however many packages differ`, async () => {
    mostAtOnce = 0;
    const refs = await lockerPackages(MAX_SHIPMENT_PACKAGES, (i) => 20 + i);
    const before = calls();
    const res = await price(refs);
    expect(res.statusCode, res.body).toBe(200);
    expect(calls() - before).toBe(MAX_SHIPMENT_PACKAGES + 1);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(RATE_FINDER.callsAtOnce);
  });

  it('shares one call between two customers asking the same shape', async () => {
    const other = await t.customer();
    const mine = await lockerPackages(1, () => 7.5);
    const before = calls();
    await price(mine);
    const theirs = await lockerPackages(1, () => 7.5, other);
    const res = await t.app.inject({
      method: 'POST',
      url: PRICE_URL,
      headers: other.headers,
      payload: { packages: theirs, destination: 'Saudi Arabia' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(calls() - before).toBe(1);
  });
});
