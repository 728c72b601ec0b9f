import type { Address } from '@hopbox/contracts/addresses';
import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentRefunds, payments, shipments } from '../../src/db/schema.ts';
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
  /** The fils N-Genius refunded per order reference; a refund past the order's amount is refused, as the real one does. */
  const refunded = new Map<string, number>();
  let failRefunds = false;
  /** Orders whose refund link the fake points outside its API. */
  const foreignLinks = new Set<string>();
  const orderAmounts = new Map<string, number>();

  /** An order's payment as N-Genius reads it back: a PURCHASE carries its refund link, a SALE's capture carries one. */
  function paymentOf(reference: string) {
    const state = states.get(reference) ?? 'STARTED';
    const root = foreignLinks.has(reference) ? 'https://elsewhere.example' : fake.url;
    const payment = `${root}/transactions/outlets/${OUTLET}/orders/${reference}/payments/pay-${reference}`;
    if (state === 'PURCHASED') return { state, _links: { 'cnp:refund': { href: `${payment}/refund` } } };
    if (state === 'CAPTURED') {
      const capture = `${payment}/captures/cap-${reference}`;
      return {
        state,
        _embedded: { 'cnp:capture': [{ _links: { self: { href: capture }, 'cnp:refund': { href: `${capture}/refund` } } }] },
      };
    }
    return { state };
  }

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
      orderAmounts.set(reference, (req.body as { amount: { value: number } }).amount.value);
      return { status: 201, json: { reference, _links: { payment: { href: `https://paypage.fake.test/?code=${reference}` } } } };
    }
    const read = new RegExp(`^/transactions/outlets/${OUTLET}/orders/([^/]+)$`).exec(req.url);
    if (req.method === 'GET' && read?.[1]) {
      if (failStatus) return { status: 503, json: { message: 'down' } };
      const reference = decodeURIComponent(read[1]);
      return { json: { reference, _embedded: { payment: [paymentOf(reference)] } } };
    }
    const refund = new RegExp(`^/transactions/outlets/${OUTLET}/orders/([^/]+)/payments/[^/]+(?:/captures/[^/]+)?/refund$`).exec(req.url);
    if (req.method === 'POST' && refund?.[1]) {
      const reference = decodeURIComponent(refund[1]);
      const value = (req.body as { amount?: { value?: number } }).amount?.value ?? 0;
      const done = (refunded.get(reference) ?? 0) + value;
      if (failRefunds || done > (orderAmounts.get(reference) ?? 0)) return { status: 422, json: { message: 'refund not allowed' } };
      refunded.set(reference, done);
      const made = [...fake.requests].filter((r) => r.url === req.url).length;
      return {
        status: 201,
        json: {
          reference: `pay-${reference}`,
          state: done === orderAmounts.get(reference) ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
          _embedded: {
            'cnp:refund': [
              { state: 'SUCCESS', amount: { value }, _links: { self: { href: `${fake.url}${req.url}s/rf-${reference}-${made}` } } },
            ],
          },
        },
      };
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

    it('is read from its raw bytes by N-Genius: not JSON is a 400, too big a 413, and settles nothing', async () => {
      const { orderRef } = await open();
      states.set(orderRef, 'PURCHASED');
      const raw = (payload: string, contentType: string, secret = WEBHOOK_SECRET) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/ngenius/webhook',
          headers: { 'x-webhook-secret': secret, 'content-type': contentType },
          payload,
        });
      expect((await raw(`order.reference=${orderRef}`, 'application/x-www-form-urlencoded')).statusCode).toBe(400);
      expect((await raw('{"order":', 'application/json')).statusCode).toBe(400);
      expect((await raw(JSON.stringify({ order: { reference: orderRef }, pad: 'x'.repeat(70_000) }), 'application/json')).statusCode).toBe(
        413,
      );
      // The secret is checked before the body is read.
      expect((await raw('{"order":', 'application/json', 'wrong')).statusCode).toBe(401);
      await new Promise((r) => setTimeout(r, 100));
      expect(await shipmentsPaidBy(orderRef)).toEqual([]);
      // Any content type N-Genius sends is read as the JSON it is.
      expect((await raw(JSON.stringify({ order: { reference: orderRef } }), 'application/vnd.ni-payment.v2+json')).statusCode).toBe(200);
      const until = Date.now() + 5000;
      while ((await shipmentsPaidBy(orderRef)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(await shipmentsPaidBy(orderRef)).toHaveLength(1);
    });

    it('is refused for a provider that sends none or that this deployment does not have: 401', async () => {
      const body = { order: { reference: 'ord-x' } };
      for (const url of ['/api/payments/sandbox/webhook', '/api/payments/stripe/webhook']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'x-webhook-secret': WEBHOOK_SECRET }, payload: body });
        expect(res.statusCode, url).toBe(401);
      }
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/Not%20A%20Name/webhook', payload: body })).statusCode).toBe(400);
    });

    it('accepts an unknown reference without doing anything', async () => {
      const before = fake.requests.length;
      const res = await webhook({ orderReference: 'ord-unknown' }, WEBHOOK_SECRET);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(fake.requests).toHaveLength(before);
    });
  });

  describe('refunds', () => {
    /** A payment N-Genius has taken the money of (state PURCHASED or CAPTURED), finalized: its database row. */
    async function paidOrder(state: 'PURCHASED' | 'CAPTURED') {
      const { orderRef } = await open();
      states.set(orderRef, state);
      expect((await check(orderRef)).json()).toMatchObject({ captured: 1 });
      const [row] = await t.db.select().from(payments).where(eq(payments.orderRef, orderRef));
      if (!row) throw new Error('no payment');
      return row;
    }
    const refund = (id: number, amount: number, reason = 'Customer asked') =>
      t.app.inject({ method: 'POST', url: `/api/staff/payments/${id}/refund`, headers: staff, payload: { amount, reason } });
    const refundCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/refund'));
    const refundRows = (id: number) => t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, id));

    it("refunds a PURCHASE at its payment's refund link, in fils, with the access token, and keeps N-Genius's reference", async () => {
      const payment = await paidOrder('PURCHASED');
      const before = refundCalls().length;
      const res = await refund(payment.id, 20.32);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ status: 'PARTIALLY_REFUNDED', refundedAmount: 20.32 });
      const call = refundCalls().at(-1) as RecordedRequest;
      expect(refundCalls()).toHaveLength(before + 1);
      expect(call.url).toBe(`/transactions/outlets/${OUTLET}/orders/${payment.orderRef}/payments/pay-${payment.orderRef}/refund`);
      expect(call.headers.authorization).toMatch(/^Bearer tok-/);
      expect(call.headers['content-type']).toBe('application/vnd.ni-payment.v2+json');
      expect(call.body).toEqual({ amount: { currencyCode: 'AED', value: 2032 } });
      expect((await refundRows(payment.id)).map((r) => r.providerReference)).toEqual([`rf-${payment.orderRef}-1`]);
      expect(refunded.get(payment.orderRef)).toBe(2032);
    });

    it("refunds a SALE's money against its capture, and all of it makes the payment REFUNDED", async () => {
      const payment = await paidOrder('CAPTURED');
      const res = await refund(payment.id, PRICE, 'Shipment cancelled');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ status: 'REFUNDED', refundedAmount: PRICE });
      const call = refundCalls().at(-1) as RecordedRequest;
      expect(call.url).toBe(
        `/transactions/outlets/${OUTLET}/orders/${payment.orderRef}/payments/pay-${payment.orderRef}/captures/cap-${payment.orderRef}/refund`,
      );
      expect(call.body).toEqual({ amount: { currencyCode: 'AED', value: 32032 } });
      expect(refunded.get(payment.orderRef)).toBe(32032);
    });

    it('answers 502 when N-Genius refuses the refund, and counts nothing refunded', async () => {
      const payment = await paidOrder('PURCHASED');
      failRefunds = true;
      try {
        const res = await refund(payment.id, 10);
        expectError(res, 502, lifecycleMessages.refunds.providerFailed);
      } finally {
        failRefunds = false;
      }
      expect(await refundRows(payment.id)).toEqual([]);
      expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]).toMatchObject({
        status: 'CAPTURED',
        refundedMinor: 0,
      });
    });

    it('never sends the access token to a refund link outside the N-Genius API', async () => {
      const payment = await paidOrder('PURCHASED');
      foreignLinks.add(payment.orderRef);
      const before = fake.requests.length;
      expectError(await refund(payment.id, 10), 502, lifecycleMessages.refunds.providerFailed);
      // Only the order was read; nothing was posted anywhere.
      expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
      expect(await refundRows(payment.id)).toEqual([]);
    });

    it('answers 409 for a payment never captured, without asking N-Genius', async () => {
      const { orderRef } = await open();
      const [pending] = await t.db.select().from(payments).where(eq(payments.orderRef, orderRef));
      const before = fake.requests.length;
      const res = await refund(pending?.id as number, 10);
      expectError(res, 409, lifecycleMessages.refunds.notCaptured('PENDING'));
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
