import { carrierMessages } from '@hopbox/contracts/carrier-messages';
import { messages } from '@hopbox/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAddress,
  buildTestApp,
  createConsolidation,
  expectError,
  PACKED_BOX,
  pathOf,
  priceWithoutPackages,
  receivePackage,
  sandboxAnswer,
  type TestApp,
} from '../helper.ts';
import { type FakeAnswer, startFakeServer } from './fake-http.ts';

type Headers = Record<string, string>;
const PRICE_URL = '/api/user/shipments/calculate-shipping-price';

/** RATE_PROVIDER=c3x against a local fake of C3X Express's RateFinder. */
describe('shipping prices from C3X Express (RATE_PROVIDER=c3x)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeServer>>;
  let customer: Headers;
  let answer: FakeAnswer;

  beforeAll(async () => {
    fake = await startFakeServer((req) => {
      if (req.method === 'POST' && req.url === '/C3XService.svc/RateFinder') return answer;
      return { status: 404, text: 'not found' };
    });
    t = await buildTestApp({
      RATE_PROVIDER: 'c3x',
      C3X_BASE_URL: fake.url,
      C3X_ACCOUNT_NO: 'ACC-77',
      C3X_USERNAME: 'hopbox-api',
      C3X_PASSWORD: 's3cret-pass',
      C3X_DEFAULT_STATION: 'SHJ',
    });
    customer = (await t.userWithToken('user')).headers;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const price = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: PRICE_URL, headers: customer, payload });
  const lastSent = () => fake.requests.at(-1);

  it('sends the account, the station codes, product XPS, service NOR, weight and country, and answers its net amount', async () => {
    answer = { json: { Code: 1, Description: 'Rate found', NetAmount: 42.5 } };
    const res = await price({ origin: 'DXB', destination: 'AUH', weight: 2.3 });
    expect(res.statusCode, res.body).toBe(200);
    const sent = lastSent();
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/C3XService.svc/RateFinder');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({
      AccountNo: 'ACC-77',
      UserName: 'hopbox-api',
      Password: 's3cret-pass',
      Origin: 'DXB',
      Destination: 'AUH',
      Product: 'XPS',
      ServiceType: 'NOR',
      Weight: 2.3,
      Pieces: 1,
      Country: 'AE',
    });
    expect(res.json()).toEqual(
      priceWithoutPackages(42.5, {
        origin: 'DXB',
        destination: 'AUH',
        productType: 'XPS',
        productName: 'Express',
        serviceType: 'NOR',
        pieces: 1,
        actualWeight: 2.3,
        volumetricWeight: 0,
        chargeableWeight: 2.3,
        zone: 'Dubai to Abu Dhabi',
        lines: [{ label: 'C3X Express net amount', amount: 42.5 }],
        provider: 'c3x',
      }),
    );
  });

  it('sends the chargeable (volumetric) weight, the default station for a country and the country code', async () => {
    answer = { json: { Code: '1', Description: 'OK', NetAmount: '310.456' } };
    const res = await price({
      origin: 'United States of America',
      destination: 'Abu Dhabi',
      weight: 1,
      length: 50,
      breadth: 40,
      height: 30,
      pieces: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(lastSent()?.body).toMatchObject({
      Origin: 'SHJ',
      Destination: 'AUH',
      Weight: 12,
      Pieces: 2,
      Country: 'US',
      Product: 'XPS',
      ServiceType: 'NOR',
    });
    expect(res.json()).toMatchObject({
      price: 310.46,
      currency: 'AED',
      details: { origin: 'US', destination: 'AUH', chargeableWeight: 12 },
    });

    answer = { json: { Code: 1, Description: 'OK', NetAmount: 99 } };
    await price({ origin: 'Dubai', destination: 'GB', weight: 1 });
    expect(lastSent()?.body).toMatchObject({ Origin: 'DXB', Destination: 'SHJ', Country: 'GB' });
  });

  it('never asks the courier when the request is invalid', async () => {
    const before = fake.requests.length;
    expectError(await price({ origin: 'Atlantis', destination: 'AE', weight: 1 }), 400, 'Unknown country or station: Atlantis', 'origin');
    expectError(await price({ origin: 'AE', destination: 'AE', weight: 0 }), 400, 'Weight must be greater than 0', 'weight');
    expect(fake.requests).toHaveLength(before);
  });

  it("answers 400 'Unable to calculate shipping price' in our words when the courier answers a Code other than 1, or no amount", async () => {
    answer = { json: { Code: 0, Description: 'No service available for this destination' } };
    expectError(
      await price({ origin: 'DXB', destination: 'KP', weight: 1 }),
      400,
      `${messages.shipments.priceUnavailable}: ${carrierMessages.courierCannotPrice}`,
    );
    answer = { json: { Code: 1, Description: '', NetAmount: 0 } };
    const zero = await price({ origin: 'DXB', destination: 'AUH', weight: 1 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/^Unable to calculate shipping price/);
  });

  it("answers 502 'Failed to calculate shipping price' when the courier fails (HTTP 500 or not JSON)", async () => {
    // Weights no other test asks: an answer is kept for its request's shape.
    answer = { status: 500, json: { Message: 'Internal error' } };
    expectError(await price({ origin: 'DXB', destination: 'AUH', weight: 3.1 }), 502, messages.shipments.priceFailed);
    answer = { status: 200, text: '<html>maintenance</html>' };
    expectError(await price({ origin: 'DXB', destination: 'AUH', weight: 3.1 }), 502, messages.shipments.priceFailed);
  });

  it('charges the courier price for a single package: the generate amount must be its NetAmount', async () => {
    const staff = (await t.userWithToken('staff')).headers;
    const owner = await t.userWithToken('user');
    const address = await addAddress(t, owner.headers);
    const pkg = await receivePackage(t, staff, owner.user.lockerNumber as string);
    answer = { json: { Code: 1, Description: 'OK', NetAmount: 187.25 } };
    const body = { amount: '187.25', currency: 'AED', packages: [pkg.hopboxId], addressId: address.id, shipmentId: `TEMP_${Date.now()}` };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/shipment-payment/generate',
      headers: owner.headers,
      payload: { ...body, amount: '320.32' },
    });
    expect(wrong.statusCode).toBe(409);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/shipment-payment/generate', headers: owner.headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 187.25, currency: 'AED' });
    // The default package (1.75 kg, 40 x 30 x 15 cm, 2 pieces, from the US) to a UAE address.
    expect(lastSent()?.body).toMatchObject({ Weight: 3.6, Pieces: 2, Country: 'US', Product: 'XPS', ServiceType: 'NOR' });
    const page = await t.app.inject({ method: 'GET', url: pathOf(res.json()._links.payment.href) });
    expect(page.body).toContain('187.25 AED');
  });

  it('finishes a paid consolidation at the amount charged, even when the courier fails at capture time', async () => {
    const staff = (await t.userWithToken('staff')).headers;
    const owner = await t.userWithToken('user');
    const address = await addAddress(t, owner.headers);
    const pkgs = [
      await receivePackage(t, staff, owner.user.lockerNumber as string),
      await receivePackage(t, staff, owner.user.lockerNumber as string),
    ];
    const { id } = await createConsolidation(t, owner.headers, pkgs, address);
    // Marking it ready prices the packed box, to tell the customer what to pay.
    answer = { json: { Code: 1, Description: 'OK', NetAmount: 250 } };
    const ready = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/shipments/${id}`,
      headers: staff,
      payload: { readyToShip: true, ...PACKED_BOX },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/consolidation-payment/generate',
      headers: owner.headers,
      payload: { shipmentIds: [id], amount: '250.00', currency: 'AED' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json();
    await sandboxAnswer(t, link._links.payment.href, 'pay');

    // The courier is down (or its price changed) when the customer comes back: the money is taken all the same.
    answer = { status: 500, json: { Message: 'down' } };
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/user/consolidation-payment/check',
      headers: owner.headers,
      payload: { orderRef: link.orderRef },
    });
    expect(check.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentIds: String(id) });
    const sent = await t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: owner.headers });
    expect(sent.json().data).toMatchObject([
      { id, shipmentStatus: 'Finalized', paymentStatus: 'Paid', paymentReference: link.orderRef, amount: 250 },
    ]);
  });

  it("answers 502 'Failed to calculate shipping price' when the courier cannot be reached", async () => {
    await fake.close();
    expectError(await price({ origin: 'DXB', destination: 'AUH', weight: 3.2 }), 502, messages.shipments.priceFailed);
  });
});
