import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import card from '../../src/providers/rates/rate-card.json' with { type: 'json' };
import { expectError, priceWithoutPackages, useTestApp } from '../helper.ts';

type Headers = Record<string, string>;
const URL_ = '/api/user/shipments/calculate-shipping-price';

/**
 * The default provider prices from rate-card.json. The expected amounts below are worked out by
 * hand from that card (zone prices per started half kilogram, minimum charge, 12% fuel surcharge),
 * so a change of the card or of the arithmetic shows here.
 */
describe('POST /api/user/shipments/calculate-shipping-price (rate card)', () => {
  const s = useTestApp(async (t) => ({
    customer: (await t.userWithToken('user')).headers,
  }));

  const price = (payload: Record<string, unknown>, headers: Headers = s.customer) =>
    s.t.app.inject({ method: 'POST', url: URL_, headers, payload });

  it('is the card this suite worked its amounts out from', () => {
    expect(card.fuelSurchargePercent).toBe(12);
    expect(card.currency).toBe('AED');
    expect(card.zones.D).toMatchObject({ firstHalfKg: 15, additionalHalfKg: 3, minimumCharge: 20 });
    expect(card.zones['1']).toMatchObject({ firstHalfKg: 45, additionalHalfKg: 12, minimumCharge: 50 });
    expect(card.zones['3']).toMatchObject({ firstHalfKg: 75, additionalHalfKg: 22, minimumCharge: 80 });
    expect(card.zones['4']).toMatchObject({ firstHalfKg: 90, additionalHalfKg: 28, minimumCharge: 95 });
    expect(card.zones['5']).toMatchObject({ firstHalfKg: 120, additionalHalfKg: 35, minimumCharge: 125 });
  });

  it('needs a session', async () => {
    const res = await s.t.app.inject({ method: 'POST', url: URL_, payload: { origin: 'US', destination: 'AE', weight: 1 } });
    expectError(res, 401, messages.transport.sessionExpired);
  });

  it('lets the volumetric weight (L x B x H / 5000) win over a lighter actual weight, with every detail and the defaults', async () => {
    // 50 x 40 x 30 / 5000 = 12 kg > 2 kg; US -> AE is zone 4: 90 + 23 x 28 = 734; fuel 12% = 88.08.
    const res = await price({ origin: 'US', destination: 'AE', weight: 2, length: 50, breadth: 40, height: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(
      priceWithoutPackages(822.08, {
        origin: 'US',
        destination: 'AE',
        productType: 'XPS',
        productName: 'Express',
        serviceType: 'NOR',
        pieces: 1,
        actualWeight: 2,
        volumetricWeight: 12,
        chargeableWeight: 12,
        zone: 'Zone 4 (North America and long haul)',
        lines: [
          { label: 'First 0.5 kg', amount: 90 },
          { label: '23 additional 0.5 kg x 28', amount: 644 },
          { label: 'Fuel surcharge 12%', amount: 88.08 },
        ],
        provider: 'ratecard',
      }),
    );
  });

  it('uses the actual weight when it is the larger, and dimensions default to 0', async () => {
    // 10 x 10 x 10 / 5000 = 0.2 kg < 3 kg: 6 half kilos, 90 + 5 x 28 = 230; fuel 27.6.
    const withDims = await price({ origin: 'US', destination: 'AE', weight: 3, length: 10, breadth: 10, height: 10 });
    expect(withDims.json()).toMatchObject({
      price: 257.6,
      details: { actualWeight: 3, volumetricWeight: 0.2, chargeableWeight: 3 },
    });
    const noDims = await price({ origin: 'US', destination: 'AE', weight: 3 });
    expect(noDims.json()).toMatchObject({ price: 257.6, details: { actualWeight: 3, volumetricWeight: 0, chargeableWeight: 3 } });
  });

  it('rounds the chargeable weight up to the next half kilogram', async () => {
    // Germany -> UAE is zone 3. 1.01 kg and 1.5 kg are 3 half kilos: 75 + 2 x 22 = 119, fuel 14.28.
    for (const weight of [1.01, 1.5]) {
      const res = await price({ origin: 'DE', destination: 'AE', weight });
      expect(res.json(), String(weight)).toMatchObject({
        price: 133.28,
        details: { actualWeight: weight, chargeableWeight: 1.5, zone: 'Zone 3 (Europe and Asia)' },
      });
    }
    // 1.51 kg is 4 half kilos: 75 + 3 x 22 = 141, fuel 16.92.
    const res = await price({ origin: 'DE', destination: 'AE', weight: 1.51 });
    expect(res.json()).toMatchObject({
      price: 157.92,
      details: {
        chargeableWeight: 2,
        lines: [
          { label: 'First 0.5 kg', amount: 75 },
          { label: '3 additional 0.5 kg x 22', amount: 66 },
          { label: 'Fuel surcharge 12%', amount: 16.92 },
        ],
      },
    });
  });

  it('tops a small domestic shipment up to the minimum charge, with its own line', async () => {
    // Dubai -> Abu Dhabi is domestic: first 0.5 kg 15 < minimum 20, top-up 5, fuel 12% of 20 = 2.4.
    const res = await price({ origin: 'DXB', destination: 'AUH', weight: 0.4 });
    expect(res.json()).toMatchObject({
      price: 22.4,
      currency: 'AED',
      details: {
        origin: 'DXB',
        destination: 'AUH',
        chargeableWeight: 0.5,
        zone: 'Domestic (UAE)',
        lines: [
          { label: 'First 0.5 kg', amount: 15 },
          { label: 'Minimum charge top-up', amount: 5 },
          { label: 'Fuel surcharge 12%', amount: 2.4 },
        ],
      },
    });
    // The GCC minimum: 45 < 50, so 50 + 6 fuel.
    expect((await price({ origin: 'SA', destination: 'AE', weight: 0.2 })).json()).toMatchObject({
      price: 56,
      details: { zone: 'Zone 1 (GCC)' },
    });
  });

  it('prices the rest of the world in zone 5', async () => {
    // Brazil is in no named region: 2 kg = 4 half kilos, 120 + 3 x 35 = 225, fuel 27.
    expect((await price({ origin: 'BR', destination: 'AE', weight: 2 })).json()).toMatchObject({
      price: 252,
      details: { zone: 'Zone 5 (Rest of world)' },
    });
  });

  it('accepts country and emirate names as well as codes, and answers the same price', async () => {
    const byCode = (await price({ origin: 'US', destination: 'AE', weight: 2.2, pieces: 3 })).json();
    const byName = (
      await price({ origin: 'United States of America', destination: 'united arab emirates', weight: 2.2, pieces: 3 })
    ).json();
    expect(byName).toEqual(byCode);
    expect(byName.details).toMatchObject({ origin: 'US', destination: 'AE', pieces: 3 });
    const emirates = (await price({ origin: 'Dubai', destination: 'Abu Dhabi', weight: 0.4 })).json();
    expect(emirates).toMatchObject({ price: 22.4, details: { origin: 'DXB', destination: 'AUH' } });
  });

  it('takes the product and service types in any case, XPS and NOR being the defaults', async () => {
    const res = await price({ origin: 'US', destination: 'AE', weight: 1, productType: 'xps', serviceType: 'nor', pieces: '2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().details).toMatchObject({ productType: 'XPS', productName: 'Express', serviceType: 'NOR', pieces: 2 });
  });

  it("answers 400 'Unable to calculate shipping price' for an unknown product or service type", async () => {
    const product = await price({ origin: 'US', destination: 'AE', weight: 1, productType: 'DOX' });
    expectError(product, 400, `${messages.shipments.priceUnavailable}: Unknown product type: DOX`);
    const service = await price({ origin: 'US', destination: 'AE', weight: 1, serviceType: 'ONP' });
    expectError(service, 400, `${messages.shipments.priceUnavailable}: Unknown service type: ONP`);
  });

  describe('validation (SPEC.md section 5)', () => {
    const ok = { origin: 'US', destination: 'AE', weight: 1 };

    it('requires the origin', async () => {
      expectError(await price({ ...ok, origin: undefined }), 400, 'Origin is required', 'origin');
      expectError(await price({ ...ok, origin: '  ' }), 400, 'Origin is required', 'origin');
    });

    it('requires the destination', async () => {
      expectError(await price({ ...ok, destination: undefined }), 400, 'Destination is required', 'destination');
      expectError(await price({ ...ok, destination: '' }), 400, 'Destination is required', 'destination');
    });

    it('requires a weight greater than 0', async () => {
      for (const weight of [undefined, 0, -1, 'heavy']) {
        expectError(await price({ ...ok, weight }), 400, 'Weight must be greater than 0', 'weight');
      }
    });

    it('requires pieces greater than 0 when given', async () => {
      for (const pieces of [0, -2]) {
        expectError(await price({ ...ok, pieces }), 400, 'Pieces must be greater than 0', 'pieces');
      }
      expect((await price(ok)).json().details.pieces).toBe(1);
    });

    it('refuses an unknown country', async () => {
      expectError(await price({ ...ok, origin: 'Atlantis' }), 400, 'Unknown country or station: Atlantis', 'origin');
      expectError(await price({ ...ok, destination: 'ZZ' }), 400, 'Unknown country or station: ZZ', 'destination');
    });

    it('refuses negative dimensions', async () => {
      expectError(await price({ ...ok, length: -5 }), 400, 'Dimensions cannot be negative', 'length');
    });
  });
});
