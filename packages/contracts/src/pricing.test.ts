import { describe, expect, it } from 'vitest';
import {
  boxSizeText,
  consolidatedBoxEstimate,
  consolidationEstimateRequest,
  type PricedPackage,
  packageTotals,
  packedBoxOf,
  priceRequestSchema,
  shipmentPriceRequest,
} from './pricing.ts';

const pkg = (over: Partial<PricedPackage> = {}): PricedPackage => ({
  origin: 'China',
  quantity: 1,
  packageWeight: 1,
  packageLength: 10,
  packageBreadth: 10,
  packageHeight: 10,
  ...over,
});

/** What the API prices and charges: the built request, checked by the price request schema. */
const asTheApiPricesIt = (pkgs: PricedPackage[], destination: string) => priceRequestSchema.parse(shipmentPriceRequest(pkgs, destination));
/** What the screen shows: the built request, sent as JSON to calculate-shipping-price and checked there. */
const asTheScreenPricesIt = (pkgs: PricedPackage[], destination: string) =>
  priceRequestSchema.parse(JSON.parse(JSON.stringify(shipmentPriceRequest(pkgs, destination))));

describe('shipmentPriceRequest', () => {
  it('sums weights, dimensions and quantities and sends country codes, XPS and NOR (SPEC.md section 9)', () => {
    const request = shipmentPriceRequest(
      [
        pkg({ packageWeight: 0.1, packageLength: 18, packageBreadth: 10, packageHeight: 5, quantity: 2 }),
        pkg({ packageWeight: 0.2, packageLength: 48, packageBreadth: 18, packageHeight: 6, quantity: 3 }),
      ],
      'United Arab Emirates',
    );
    expect(request).toEqual({
      origin: 'CN',
      destination: 'AE',
      weight: 0.3,
      length: 66,
      breadth: 28,
      height: 11,
      pieces: 5,
      productType: 'XPS',
      serviceType: 'NOR',
    });
  });

  it('keeps a place it has no code for, so the server can say so', () => {
    expect(shipmentPriceRequest([pkg({ origin: 'Atlantis' })], 'Dubai')).toMatchObject({ origin: 'Atlantis', destination: 'DXB' });
  });

  it('never prices fewer than one piece', () => {
    expect(packageTotals([]).pieces).toBe(1);
    expect(packageTotals([pkg({ quantity: 0 })]).pieces).toBe(1);
  });

  const awkward: [string, PricedPackage[], string][] = [
    ['0.1 + 0.2 kg', [pkg({ packageWeight: 0.1 }), pkg({ packageWeight: 0.2 })], 'AE'],
    [
      'ten packages of 0.1 kg and 0.1 cm',
      Array.from({ length: 10 }, () => pkg({ packageWeight: 0.1, packageLength: 0.1, packageBreadth: 0.7, packageHeight: 1.1 })),
      'United Arab Emirates',
    ],
    [
      'quantities and fractional dimensions',
      [
        pkg({ quantity: 3, packageWeight: 1.005, packageLength: 30.3, packageBreadth: 20.2, packageHeight: 10.1 }),
        pkg({ quantity: 7, packageWeight: 2.0049, packageLength: 0.35, packageBreadth: 0.45, packageHeight: 0.55 }),
      ],
      'Saudi Arabia',
    ],
    ['a weight below a gram', [pkg({ packageWeight: 0.0004 }), pkg({ packageWeight: 0.0004 })], 'ae'],
    ['numbers that came as text', [pkg({ packageWeight: '0.7' as unknown as number, quantity: '2' as unknown as number })], 'AE'],
  ];
  for (const [name, pkgs, destination] of awkward) {
    it(`gives the screen and the API the same request: ${name}`, () => {
      const api = asTheApiPricesIt(pkgs, destination);
      expect(asTheScreenPricesIt(pkgs, destination)).toEqual(api);
      for (const key of ['weight', 'length', 'breadth', 'height'] as const) {
        expect(api[key]).toBe(Math.round(api[key] * 1000) / 1000);
        expect(String(api[key])).not.toMatch(/\d{4,}$|e-/);
      }
      expect(Number.isInteger(api.pieces)).toBe(true);
    });
  }

  it('rounds sums to the gram: 0.1 + 0.2 kg is 0.3 kg, ten times 0.1 is 1', () => {
    expect(asTheApiPricesIt(awkward[0]?.[1] ?? [], 'AE').weight).toBe(0.3);
    expect(asTheApiPricesIt(awkward[1]?.[1] ?? [], 'AE')).toMatchObject({ weight: 1, length: 1, breadth: 7, height: 11, pieces: 10 });
    expect(asTheApiPricesIt(awkward[2]?.[1] ?? [], 'AE')).toMatchObject({ weight: 3.01, length: 30.65, pieces: 10 });
  });
});

describe('the consolidated box estimate (decision 026)', () => {
  it('keeps the summed weight and volume in one box (a cube), not the summed edges', () => {
    const box = consolidatedBoxEstimate([pkg({ packageWeight: 0.5 }), pkg({ packageWeight: 0.7, packageLength: 20 })]);
    // 1000 + 2000 cm3: a cube of 14.422 cm; the volumetric weight stays 3000 / 5000 = 0.6 kg.
    expect(box).toEqual({ weight: 1.2, length: 14.422, breadth: 14.422, height: 14.422, pieces: 1 });
    expect((box.length * box.breadth * box.height) / 5000).toBeCloseTo(0.6, 3);
  });

  it('prices one package as itself, several as one box', () => {
    expect(consolidationEstimateRequest([pkg({ quantity: 3 })], 'AE')).toEqual(shipmentPriceRequest([pkg({ quantity: 3 })], 'AE'));
    expect(consolidationEstimateRequest([pkg(), pkg()], 'United Arab Emirates')).toMatchObject({
      origin: 'CN',
      destination: 'AE',
      pieces: 1,
    });
  });

  it('reads a packed box only when all four figures are recorded', () => {
    const fields = { packedWeight: '4.800', packedLength: 45, packedBreadth: '35.5', packedHeight: 25 };
    expect(packedBoxOf(fields)).toEqual({ packedWeight: 4.8, packedLength: 45, packedBreadth: 35.5, packedHeight: 25 });
    expect(packedBoxOf({ ...fields, packedHeight: null })).toBeNull();
    expect(boxSizeText({ packedLength: 45, packedBreadth: 35.5, packedHeight: 25 })).toBe('45 × 35.5 × 25');
  });
});
