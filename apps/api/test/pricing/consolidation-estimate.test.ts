import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import type { PriceRequest } from '@hopbox/contracts/pricing';
import { describe, expect, it } from 'vitest';
import { CAPPED_LINE } from '../../src/modules/pricing/pricing-service.ts';
import { createSandboxRates } from '../../src/providers/rates/carrier-rates.ts';
import { addAddress, expectError, paySinglePackage, putInShipment, receivePackage, shippingQuote, useTestApp } from '../helper.ts';

const URL_ = '/api/user/shipments/calculate-shipping-price';

/**
 * Decision 026: with `packages`, calculate-shipping-price prices the customer's packages from the server's own
 * records: several packages as one box of their summed weight and volume, never more than shipping each alone.
 */
describe('calculate-shipping-price with packages: the consolidation estimate', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.userWithToken('user');
    const bob = await t.userWithToken('user');
    const home = await addAddress(t, alice.headers, { label: 'Home' });
    return { staff, alice, bob, home };
  });
  const locker = () => s.alice.user.lockerNumber as string;
  const estimate = (payload: Record<string, unknown>, headers = s.alice.headers) =>
    s.t.app.inject({ method: 'POST', url: URL_, headers, payload });
  const receive = (overrides: Record<string, unknown> = {}) => receivePackage(s.t, s.staff, locker(), overrides);
  const small = { packageWeight: 0.8, packageLength: 30, packageBreadth: 20, packageHeight: 15, quantity: 1 };
  const alone = async (p: Package, home: Address = s.home) => (await shippingQuote(s.t, s.alice.headers, [p], home.country)).price;

  it('prices three small parcels (2.4 kg together) as one box: less than shipping them one by one, far less than summed edges', async () => {
    const pkgs = [await receive(small), await receive(small), await receive(small)];
    const res = await estimate({ packages: pkgs.map((p) => p.hopboxId), destination: s.home.country });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 2.4 kg; 3 x 9000 cm3 / 5000 = 5.4 kg wins: 11 half kilos from the US (zone 4), 90 + 10 x 28 = 370, fuel 44.4.
    expect(body).toMatchObject({
      success: true,
      price: 414.4,
      currency: 'AED',
      details: { actualWeight: 2.4, volumetricWeight: 5.4, pieces: 1 },
    });
    const oneByOne = (await Promise.all(pkgs.map((p) => alone(p)))).reduce((a, b) => a + b, 0);
    // Each alone: 0.8 kg, 9000 cm3 / 5000 = 1.8 kg: 4 half kilos, 90 + 3 x 28 = 174, fuel 20.88.
    expect(oneByOne).toBeCloseTo(3 * 194.88, 2);
    expect(body.price).toBeLessThanOrEqual(oneByOne);
    // SPEC.md section 9's request adds the edges (90 x 60 x 45 cm = 48.6 kg): the inverted promise this replaces.
    expect((await shippingQuote(s.t, s.alice.headers, pkgs, s.home.country)).price).toBeGreaterThan(oneByOne);
  });

  it('reads the packages, not the figures sent with them', async () => {
    const pkgs = [await receive(small), await receive(small)];
    const refs = pkgs.map((p) => p.hopboxId.toLowerCase());
    const plain = await estimate({ packages: refs, destination: s.home.country });
    const lying = await estimate({ packages: refs, destination: s.home.country, origin: 'AE', weight: 999, length: 500, pieces: 40 });
    expect(lying.statusCode, lying.body).toBe(200);
    expect(lying.json()).toEqual(plain.json());
    expect(plain.json().details.origin).toBe('US');
  });

  it('prices a single package exactly as its card payment charges it', async () => {
    const pkg = await receive({ packageWeight: 1.25, packageLength: 30, packageBreadth: 20, packageHeight: 10 });
    const res = await estimate({ packages: [pkg.hopboxId], destination: s.home.country });
    expect(res.json().price).toBe(163.52);
    const paid = await paySinglePackage(s.t, s.alice.headers, pkg, s.home);
    expect(paid.amount).toBe(163.52);
  });

  it('is never more than the packages shipped one by one, whatever the courier charges for the box', async () => {
    // A courier whose price grows faster than the weight: one 2 kg box would cost more than two 1 kg parcels.
    const deps = s.t.app.deps;
    const card = deps.rates;
    const offered = deps.carrierRates;
    deps.carrierRates = [
      createSandboxRates(
        {
          name: 'steep',
          async quote(request: PriceRequest) {
            const quote = await card.quote(request);
            const price = 10 * request.weight * request.weight;
            return { ...quote, price, details: { ...quote.details, lines: [{ label: 'Steep', amount: price }] } };
          },
        },
        ['XPS'],
      ),
    ];
    try {
      const pkgs = [await receive({ packageWeight: 1 }), await receive({ packageWeight: 1 })];
      const res = await estimate({ packages: pkgs.map((p) => p.hopboxId), destination: s.home.country });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().price).toBe(20);
      expect(res.json().details.lines).toEqual([
        { label: 'Steep', amount: 40 },
        { label: CAPPED_LINE, amount: -20 },
      ]);
    } finally {
      deps.carrierRates = offered;
    }
  });

  it("answers 404 for another customer's package or an unknown one, pricing nothing", async () => {
    const mine = await receive(small);
    const theirs = await receivePackage(s.t, s.staff, s.bob.user.lockerNumber as string, small);
    for (const packages of [[mine.hopboxId, theirs.hopboxId], ['HBX000000000']]) {
      expectError(await estimate({ packages, destination: s.home.country }), 404, messages.packages.packageNotFound);
    }
  });

  it('refuses packages already shipped (409), prohibited (409) or from two origins (400), with the shipping rules', async () => {
    const shipped = await receive(small);
    await putInShipment(s.t, shipped, s.alice.user.id);
    expectError(await estimate({ packages: [shipped.hopboxId], destination: s.home.country }), 409, messages.packages.packageInShipment);
    const banned = await receive({ shipmentStatus: 'Prohibited Item' });
    const res = await estimate({ packages: [banned.hopboxId], destination: s.home.country });
    expectError(res, 409, messages.shipments.prohibited([banned.hopboxId]));
    const [us, uk] = [await receive(small), await receive({ ...small, origin: 'United Kingdom' })];
    expectError(
      await estimate({ packages: [us.hopboxId, uk.hopboxId], destination: s.home.country }),
      400,
      messages.shipments.differentOrigins,
    );
  });

  it('validates the body: a list of Hopbox IDs and a destination; without packages, SPEC.md’s request as before', async () => {
    expectError(await estimate({ packages: [], destination: 'AE' }), 400, messages.shipments.selectPackage, 'packages');
    expectError(await estimate({ packages: 'HBX1', destination: 'AE' }), 400, 'Packages must be a list of Hopbox IDs', 'packages');
    const pkg = await receive(small);
    expectError(await estimate({ packages: [pkg.hopboxId] }), 400, 'Destination is required', 'destination');
    expectError(await estimate({ destination: 'AE', weight: 1 }), 400, 'Origin is required', 'origin');
    expectError(await estimate({ origin: 'US', destination: 'AE' }), 400, 'Weight must be greater than 0', 'weight');
    const spec = await estimate({ origin: 'United States of America', destination: 'AE', weight: 1 });
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json().details).toMatchObject({ origin: 'US', destination: 'AE', pieces: 1, actualWeight: 1 });
  });
});
