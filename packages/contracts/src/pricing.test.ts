import { describe, expect, it } from 'vitest';
import { type PricedPackage, packageTotals, priceRequestSchema, shipmentPriceRequest } from './pricing.ts';

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
