import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, shipments } from '../../src/db/schema.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import type { Headers } from '../helper.ts';
import { addAddress, addressBody, buildTestApp, expectError, receivePackage, type TestApp } from '../helper.ts';
import { type FakeAnswer, type RecordedRequest, startFakeServer } from './fake-http.ts';

const PUBLIC_URL = 'https://portal.hopbox.test';
const API_KEY = 'bmdlbml1cy1hcGkta2V5OnNlY3JldA==';
const OUTLET = 'outlet-5edab6d7';
const WEBHOOK_SECRET = 'whsec-0123456789abcdef';
/** The default package (US, 1.75 kg, 40 x 30 x 15 cm) to the UAE: 320.32 AED, 32032 fils. */
const PRICE = 320.32;

/**
 * PAYMENT_PROVIDER=ngenius against a local fake of N-Genius Online: access tokens from the API
 * key, orders on the outlet, and the order's payment state, which the test controls.
 */
describe('card payments through N-Genius (PAYMENT_PROVIDER=ngenius)', () => {
  let t: TestApp;
  let staff: Headers;
  let customer: { id: number; headers: Headers; locker: string };
  let home: Address;
  let fake: Awaited<ReturnType<typeof startFakeServer>>;
  /** The payment state the fake reports per order reference; absent means STARTED. */
  const states = new Map<string, string>();
  const issued = new Set<string>();
  const tokenLife = 300;
  let failOrders = false;
  let failStatus = false;
  let orderCount = 0;

  function fakeNgenius(req: RecordedRequest): FakeAnswer {
    if (req.method === 'POST' && req.url === '/identity/auth/access-token') {
      if (req.headers.authorization !== `Basic ${API_KEY}`) return { status: 401, json: { message: 'bad key' } };
      const token = `tok-${issued.size + 1}`;
      issued.add(token);
      return { json: { access_token: token, expires_in: tokenLife, token_type: 'bearer' } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer)) return { status: 401, json: { message: 'bad token' } };
    if (req.method === 'POST' && req.url === `/transactions/outlets/${OUTLET}/orders`) {
      if (failOrders) return { status: 500, json: { message: 'down' } };
      orderCount++;
      const reference = `ord-${orderCount}-${Date.now()}`;
      return { status: 201, json: { reference, _links: { payment: { href: `https://paypage.fake.test/?code=${reference}` } } } };
    }
    const read = new RegExp(`^/transactions/outlets/${OUTLET}/orders/([^/]+)$`).exec(req.url);
    if (req.method === 'GET' && read?.[1]) {
      if (failStatus) return { status: 503, json: { message: 'down' } };
      const reference = decodeURIComponent(read[1]);
      return { json: { reference, _embedded: { payment: [{ state: states.get(reference) ?? 'STARTED' }] } } };
    }
    return { status: 404, json: { message: 'no route' } };
  }

  const tokenCalls = () => fake.requests.filter((r) => r.url === '/identity/auth/access-token').length;
  const orderCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/orders'));
  const post = (url: string, payload: Record<string, unknown>, headers: Headers = customer.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const generate = (pkg: Package, amount = PRICE) =>
    post('/api/user/shipment-payment/generate', {
      shipmentId: `TEMP_${Date.now()}`,
      amount: amount.toFixed(2),
      userId: customer.id,
      currency: 'AED',
      packages: [pkg.hopboxId],
      addressId: home.id,
    });
  const check = (orderRef: string) => post('/api/user/shipment-payment/check', { orderRef });
  async function open(): Promise<{ pkg: Package; orderRef: string; href: string }> {
    const pkg = await receivePackage(t, staff, customer.locker);
    const res = await generate(pkg);
    expect(res.statusCode, res.body).toBe(200);
    return { pkg, orderRef: res.json().orderRef, href: res.json()._links.payment.href };
  }
  const shipmentsPaidBy = async (orderRef: string) =>
    (await t.db.select().from(shipments).where(eq(shipments.userId, customer.id))).filter((s) => s.paymentReference === orderRef);
  const webhook = (body: Record<string, unknown>, secret?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/ngenius/webhook',
      headers: secret === undefined ? {} : { 'x-webhook-secret': secret },
      payload: body,
    });

  beforeAll(async () => {
    fake = await startFakeServer(fakeNgenius);
    t = await buildTestApp({
      PUBLIC_URL,
      PAYMENT_PROVIDER: 'ngenius',
      NGENIUS_BASE_URL: fake.url,
      NGENIUS_API_KEY: API_KEY,
      NGENIUS_OUTLET_REF: OUTLET,
      NGENIUS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    staff = (await t.userWithToken('staff')).headers;
    customer = await t.customer();
    home = await addAddress(t, customer.headers);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('creates an order on the outlet with the amount in fils, the callback page and our reference', async () => {
    const { orderRef, href } = await open();
    expect(orderRef).toMatch(/^ord-1-/);
    expect(href).toBe(`https://paypage.fake.test/?code=${orderRef}`);

    const tokenRequest = fake.requests.find((r) => r.url === '/identity/auth/access-token');
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${API_KEY}`);

    const order = orderCalls()[0] as RecordedRequest;
    expect(order.headers.authorization).toBe('Bearer tok-1');
    expect(order.headers['content-type']).toBe('application/vnd.ni-payment.v2+json');
    expect(order.body).toMatchObject({
      action: 'PURCHASE',
      amount: { currencyCode: 'AED', value: 32032 },
      merchantAttributes: { redirectUrl: `${PUBLIC_URL}/user/shipment-payment-callback` },
      merchantOrderReference: expect.stringMatching(/^HB-S-/),
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.orderRef, orderRef));
    expect(row).toMatchObject({
      provider: 'ngenius',
      status: 'PENDING',
      amount: '320.32',
      merchantReference: (order.body as { merchantOrderReference: string }).merchantOrderReference,
    });
  });

  it('serves no sandbox page when N-Genius is the provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/payments/sandbox/anything' })).statusCode).toBe(404);
  });

  it('fetches the access token once and reuses it within its life', async () => {
    const { orderRef } = await open();
    await check(orderRef);
    await check(orderRef);
    await reconcilePendingPayments(t.app.deps, 0);
    expect(tokenCalls()).toBe(1);
    const bearers = fake.requests.filter((r) => r.url !== '/identity/auth/access-token').map((r) => r.headers.authorization);
    expect(new Set(bearers)).toEqual(new Set(['Bearer tok-1']));
  });

  it('renews the token once it expires, and then reuses the new one', async () => {
    const { orderRef } = await open();
    const calls = tokenCalls();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 200_000 });
    await check(orderRef);
    expect(tokenCalls()).toBe(calls);
    vi.setSystemTime(Date.now() + 110_000);
    await check(orderRef);
    expect(tokenCalls()).toBe(calls + 1);
    await check(orderRef);
    await check(orderRef);
    expect(tokenCalls()).toBe(calls + 1);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer tok-${calls + 1}`);
  });

  it('answers captured 0 while the payment is STARTED', async () => {
    const { pkg, orderRef } = await open();
    expect((await check(orderRef)).json()).toMatchObject({ success: false, captured: 0, status: 'PENDING' });
    expect(await shipmentsPaidBy(orderRef)).toEqual([]);
    expect(pkg.shipmentId).toBeNull();
  });

  it.each(['CAPTURED', 'PURCHASED'])('finalizes the shipment once when the payment is %s', async (state) => {
    const { orderRef } = await open();
    states.set(orderRef, state);
    const res = await check(orderRef);
    expect(res.json()).toMatchObject({ success: true, captured: 1, status: 'SUCCESS', shipmentId: expect.stringMatching(/^SHP/) });
    expect((await check(orderRef)).json()).toMatchObject({ captured: 1, shipmentId: res.json().shipmentId });
    const rows = await shipmentsPaidBy(orderRef);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ shipmentStatus: 'Finalized', paymentStatus: 'Paid', amount: '320.32' });
  });

  it.each(['FAILED', 'DECLINED'])('creates nothing when the payment is %s', async (state) => {
    const { pkg, orderRef } = await open();
    states.set(orderRef, state);
    expect((await check(orderRef)).json()).toMatchObject({
      success: false,
      captured: 0,
      status: 'FAILED',
      msg: messages.payments.notSuccessful,
    });
    await reconcilePendingPayments(t.app.deps, 0);
    expect((await check(orderRef)).json()).toMatchObject({ captured: 0, status: 'FAILED' });
    expect(await shipmentsPaidBy(orderRef)).toEqual([]);
    const locker = (await t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: customer.headers })).json()
      .data as Package[];
    expect(locker.map((p) => p.id)).toContain(pkg.id);
  });

  describe('the webhook', () => {
    it('answers 401 to a missing or wrong X-Webhook-Secret, and settles nothing', async () => {
      const { orderRef } = await open();
      states.set(orderRef, 'CAPTURED');
      const body = { eventName: 'PURCHASED', order: { reference: orderRef } };
      for (const secret of [undefined, '', 'wrong', `${WEBHOOK_SECRET}x`, WEBHOOK_SECRET.toUpperCase()]) {
        const res = await webhook(body, secret);
        expect(res.statusCode, String(secret)).toBe(401);
        expect(res.json()).toMatchObject({ success: false });
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(await shipmentsPaidBy(orderRef)).toEqual([]);
      // Clean up: the customer's check settles it.
      expect((await check(orderRef)).json()).toMatchObject({ captured: 1 });
    });

    it('with the right secret triggers settlement, and a later check creates no duplicate', async () => {
      const { orderRef } = await open();
      states.set(orderRef, 'PURCHASED');
      const res = await webhook({ eventId: 'evt-1', eventName: 'PURCHASED', order: { reference: orderRef } }, WEBHOOK_SECRET);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      const until = Date.now() + 5000;
      while ((await shipmentsPaidBy(orderRef)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      const rows = await shipmentsPaidBy(orderRef);
      expect(rows).toHaveLength(1);

      const answer = await check(orderRef);
      expect(answer.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: rows[0]?.shipmentId });
      // The webhook again, and reconciliation, change nothing.
      expect((await webhook({ order: { reference: orderRef } }, WEBHOOK_SECRET)).statusCode).toBe(200);
      await reconcilePendingPayments(t.app.deps, 0);
      await new Promise((r) => setTimeout(r, 100));
      expect(await shipmentsPaidBy(orderRef)).toHaveLength(1);
    });

    it('settles to the priced destination when the saved address was edited before the webhook', async () => {
      const spare = await addAddress(t, customer.headers, { label: 'Spare' });
      const pkg = await receivePackage(t, staff, customer.locker);
      const res = await post('/api/user/shipment-payment/generate', {
        amount: PRICE.toFixed(2),
        currency: 'AED',
        packages: [pkg.hopboxId],
        addressId: spare.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const orderRef = res.json().orderRef as string;
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/user/addresses/${spare.id}`,
        headers: customer.headers,
        payload: addressBody({ label: 'Spare', country: 'United States of America', city: 'Chicago' }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      states.set(orderRef, 'PURCHASED');
      expect((await webhook({ order: { reference: orderRef } }, WEBHOOK_SECRET)).statusCode).toBe(200);

      const until = Date.now() + 5000;
      while ((await shipmentsPaidBy(orderRef)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      const rows = await shipmentsPaidBy(orderRef);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ country: spare.country, city: spare.city, amount: PRICE.toFixed(2) });
    });

    it('accepts an unknown reference without doing anything', async () => {
      const before = fake.requests.length;
      const res = await webhook({ orderReference: 'ord-unknown' }, WEBHOOK_SECRET);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(fake.requests).toHaveLength(before);
    });
  });

  describe('when N-Genius fails', () => {
    it("answers 502 'Failed to generate payment' when the order cannot be created, and stores no payment", async () => {
      const pkg = await receivePackage(t, staff, customer.locker);
      const before = (await t.db.select().from(payments)).length;
      failOrders = true;
      try {
        expectError(await generate(pkg), 502, messages.shipments.paymentGenerateFailed);
      } finally {
        failOrders = false;
      }
      expect(await t.db.select().from(payments)).toHaveLength(before);
    });

    it("answers 502 'Failed to verify payment. Please contact support.' when the status cannot be read, losing nothing", async () => {
      const { orderRef } = await open();
      states.set(orderRef, 'CAPTURED');
      failStatus = true;
      try {
        expectError(await check(orderRef), 502, messages.payments.verifyFailed);
        // Reconciliation skips it quietly while N-Genius is down.
        await reconcilePendingPayments(t.app.deps, 0);
      } finally {
        failStatus = false;
      }
      expect(await shipmentsPaidBy(orderRef)).toEqual([]);
      expect((await check(orderRef)).json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
      expect(await shipmentsPaidBy(orderRef)).toHaveLength(1);
    });

    it('refuses the amount the browser tampered with before asking N-Genius', async () => {
      const pkg = await receivePackage(t, staff, customer.locker);
      const before = orderCalls().length;
      expect((await generate(pkg, 1)).statusCode).toBe(409);
      expect(orderCalls()).toHaveLength(before);
    });
  });
});
