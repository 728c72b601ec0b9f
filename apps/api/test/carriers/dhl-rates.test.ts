import { carrierMessages } from '@hopbox/contracts/carrier-messages';
import { type PriceRequest, priceRequestSchema } from '@hopbox/contracts/pricing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_TRANSIT } from '../../src/providers/rates/carrier-rates.ts';
import { createDhlRates } from '../../src/providers/rates/dhl-rates.ts';
import { RateProviderUnavailableError, UnpriceableError } from '../../src/providers/rates/rate-provider.ts';
import { buildTestApp } from '../helper.ts';
import { closedPort } from '../providers/fake-http.ts';
import { DHL_FAKE_ACCOUNT, type DhlFake, dhlAccountEnv, RATES, startDhlFake } from './dhl-fake.ts';

let weight = 1;
/** A price request (from the US to Dubai unless told) of a weight no other request in this file asks: answers are kept by shape. */
function priceRequest(overrides: Record<string, unknown> = {}): PriceRequest {
  weight += 0.25;
  return priceRequestSchema.parse({
    origin: 'US',
    destination: 'DXB',
    weight,
    length: 40,
    breadth: 30,
    height: 15,
    pieces: 2,
    ...overrides,
  });
}

/** A rates answer of one product priced as given, for a stubbed fetch. */
const oneProduct = (product: Record<string, unknown>) => ({
  products: [{ productName: 'EXPRESS WORLDWIDE', productCode: 'P', ...product }],
});

/** DHL's rates against a local fake of the MyDHL API (CARRIERS=…,dhl). */
describe('DHL Express options (MyDHL rates)', () => {
  let fake: DhlFake;
  beforeAll(async () => {
    fake = await startDhlFake();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const rates = () => createDhlRates({ baseUrl: fake.url, ...DHL_FAKE_ACCOUNT, timeoutMs: 300 });
  const stubbed = (answer: unknown, status = 200) =>
    createDhlRates({ baseUrl: 'https://dhl.test', ...DHL_FAKE_ACCOUNT, fetch: async () => Response.json(answer, { status }) });

  it("prices each DHL product as an option in AED, with DHL's transit days and charges", async () => {
    const request = priceRequest();
    const options = await rates().options(request);
    const common = {
      origin: 'US',
      destination: 'DXB',
      pieces: 2,
      actualWeight: request.weight,
      volumetricWeight: 3.6,
      chargeableWeight: Math.max(request.weight, 3.6),
      zone: 'United States of America to Dubai',
      provider: 'dhl',
    };
    expect(options).toEqual([
      {
        carrier: 'dhl',
        product: 'P',
        service: 'P',
        name: 'DHL Express Worldwide',
        price: RATES.express.price,
        currency: 'AED',
        transitDays: { min: 2, max: 2 },
        details: {
          ...common,
          productType: 'P',
          productName: 'DHL Express Worldwide',
          serviceType: 'P',
          lines: [
            { label: 'Express Worldwide', amount: 350.1 },
            { label: 'Fuel Surcharge', amount: 62.25 },
          ],
        },
      },
      {
        carrier: 'dhl',
        product: 'H',
        service: 'H',
        name: 'DHL Economy Select',
        price: RATES.economy.price,
        currency: 'AED',
        transitDays: { min: 5, max: 5 },
        details: {
          ...common,
          productType: 'H',
          productName: 'DHL Economy Select',
          serviceType: 'H',
          lines: [
            { label: 'Economy Select', amount: 228.9 },
            { label: 'Fuel Surcharge', amount: 40 },
          ],
        },
      },
    ]);
  });

  it('asks with basic authentication, the account, both places, metric measures and one package', async () => {
    const request = priceRequest({ origin: 'GB', destination: 'AE', length: 0 });
    await rates().options(request);
    const sent = fake.requestsTo('rates').at(-1);
    expect(sent?.url).toBe('/mydhlapi/rates');
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${DHL_FAKE_ACCOUNT.apiKey}:${DHL_FAKE_ACCOUNT.apiSecret}`).toString('base64')}`,
    );
    const { plannedShippingDateAndTime, ...body } = sent?.body as Record<string, unknown>;
    expect(plannedShippingDateAndTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2} GMT\+00:00$/);
    expect(body).toEqual({
      customerDetails: {
        shipperDetails: { postalCode: '', cityName: 'United Kingdom', countryCode: 'GB' },
        receiverDetails: { postalCode: '', cityName: 'United Arab Emirates', countryCode: 'AE' },
      },
      accounts: [{ typeCode: 'shipper', number: DHL_FAKE_ACCOUNT.accountNumber }],
      unitOfMeasurement: 'metric',
      isCustomsDeclarable: true,
      nextBusinessDay: true,
      // A side DHL is not told is 1 cm, its least.
      packages: [{ weight: request.weight, dimensions: { length: 1, width: 30, height: 15 } }],
    });
  });

  it('asks DHL once for requests of one shape, however many ask at the same time', async () => {
    const dhl = rates();
    const request = priceRequest();
    const before = fake.requestsTo('rates').length;
    await Promise.all([dhl.options(request), dhl.options(request), dhl.options({ ...request, pieces: 5 })]);
    await dhl.options(request);
    expect(fake.requestsTo('rates').length - before).toBe(1);
    await dhl.options(priceRequest());
    expect(fake.requestsTo('rates').length - before).toBe(2);
  });

  it('converts a price in another currency to AED, with one line when the converted charges do not add up to it', async () => {
    const usd = stubbed(
      oneProduct({
        totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'USD', price: 100 }],
        detailedPriceBreakdown: [
          {
            currencyType: 'BILLC',
            priceCurrency: 'USD',
            breakdown: [
              { name: 'EXPRESS WORLDWIDE', price: 50 },
              { name: 'FUEL SURCHARGE', price: 50 },
            ],
          },
        ],
        deliveryCapabilities: { totalTransitDays: 3 },
      }),
    );
    const [option] = await usd.options(priceRequest());
    // 100 USD at the card's 3.6725; each 50 USD is 183.63, and two of them are a fils more than the whole.
    expect(option).toMatchObject({
      price: 367.25,
      currency: 'AED',
      details: { lines: [{ label: 'DHL Express net amount', amount: 367.25 }] },
    });
  });

  it("takes the billing currency's price, and the wide range when DHL gives no transit days", async () => {
    const priced = stubbed(
      oneProduct({
        totalPrice: [
          { currencyType: 'PULCL', priceCurrency: 'AED', price: 999 },
          { currencyType: 'BILLC', priceCurrency: 'AED', price: 120.456 },
        ],
      }),
    );
    const [option] = await priced.options(priceRequest());
    expect(option).toMatchObject({
      price: 120.46,
      transitDays: UNKNOWN_TRANSIT,
      details: { lines: [{ label: 'DHL Express net amount', amount: 120.46 }] },
    });
  });

  it('offers nothing on a lane DHL serves with no product, and leaves out a product without a code or a price', async () => {
    expect(await stubbed({ products: [] }).options(priceRequest())).toEqual([]);
    const mixed = stubbed({
      products: [
        { productName: 'NO CODE', totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'AED', price: 10 }] },
        { productName: 'FREE', productCode: 'F', totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'AED', price: 0 }] },
        { productName: 'EXPRESS 12:00', productCode: 'T', totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'AED', price: 500 }] },
      ],
    });
    expect((await mixed.options(priceRequest())).map((o) => [o.product, o.name, o.price])).toEqual([['T', 'DHL Express 12:00', 500]]);
  });

  it('is unpriceable, in our words, when DHL refuses, or prices only in a currency the card cannot convert', async () => {
    fake.setMode({ kind: 'refuse', detail: `No products found for account ${DHL_FAKE_ACCOUNT.accountNumber}` }, 'rates');
    const refused = await rates()
      .options(priceRequest())
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(UnpriceableError);
    expect(refused).toMatchObject({ message: carrierMessages.courierCannotPrice, courierText: 'No products found for account ***' });

    const strange = stubbed(oneProduct({ totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'XTS', price: 10 }] }));
    await expect(strange.options(priceRequest())).rejects.toMatchObject({ message: carrierMessages.courierCannotPrice });
    await expect(strange.options(priceRequest())).rejects.toBeInstanceOf(UnpriceableError);
  });

  it('is unavailable when DHL does not answer in time, answers HTTP 500, not JSON, no products or too much, or cannot be reached', async () => {
    const expectUnavailable = async (promise: Promise<unknown>, message: RegExp | string) => {
      const err = await promise.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateProviderUnavailableError);
      expect((err as Error).message).toMatch(message);
    };
    fake.setMode({ kind: 'slow', ms: 2_000 }, 'rates');
    await expectUnavailable(rates().options(priceRequest()), /^DHL rates unreachable: .*timeout/i);
    fake.setMode({ kind: 'http-500' }, 'rates');
    await expectUnavailable(rates().options(priceRequest()), 'DHL rates answered HTTP 500');
    fake.setMode({ kind: 'not-json' }, 'rates');
    await expectUnavailable(rates().options(priceRequest()), 'DHL rates answered something other than JSON');
    fake.setMode({ kind: 'answer', json: { warnings: ['none'] } }, 'rates');
    await expectUnavailable(rates().options(priceRequest()), 'DHL rates answered no list of products');
    fake.setMode({ kind: 'answer', json: { products: [], padding: 'x'.repeat(3 * 1024 * 1024) } }, 'rates');
    await expectUnavailable(rates().options(priceRequest()), 'DHL rates answered more than 2 MB');
    const nowhere = createDhlRates({ baseUrl: `http://127.0.0.1:${await closedPort()}`, ...DHL_FAKE_ACCOUNT });
    await expectUnavailable(nowhere.options(priceRequest()), /^DHL rates unreachable: /);
  });

  it('is offered beside the sandbox with CARRIERS=sandbox,dhl and the DHL_* account', async () => {
    const t = await buildTestApp({ CARRIERS: 'sandbox,dhl', ...dhlAccountEnv(fake) });
    try {
      expect(t.app.deps.carrierRates.map((r) => r.carrier)).toEqual(['sandbox', 'dhl']);
      const dhl = t.app.deps.carrierRates.find((r) => r.carrier === 'dhl');
      expect((await dhl?.options(priceRequest()))?.map((o) => [o.product, o.price])).toEqual([
        ['P', RATES.express.price],
        ['H', RATES.economy.price],
      ]);
      // Booking stays with CARRIER_PROVIDER (the sandbox); a DHL option books with DHL, by name.
      expect(t.app.deps.carriers.current.name).toBe('sandbox');
      expect(t.app.deps.carriers.byName('dhl').name).toBe('dhl');
    } finally {
      await t.close();
    }
  });
});
