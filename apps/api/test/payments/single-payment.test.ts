import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments, sandboxOrders, shipments } from '../../src/db/schema.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import type { TestCustomer } from '../helper.ts';
import { addAddress, expectError, pathOf, receivePackage, sandboxAnswer, shipmentBody, shippingQuote, useTestApp } from '../helper.ts';
import { sandboxAnswerAndCheck, sandboxAnswerBack } from './sandbox-return.ts';

const PUBLIC_URL = 'https://portal.hopbox.test';
const CALLBACK = `${PUBLIC_URL}/user/shipment-payment-callback`;

/**
 * The single-package flow of SPEC.md section 4 with the sandbox provider: the server prices the
 * draft, the customer answers the hosted page, and the shipment exists once the payment is captured.
 * The default package (US origin, 1.75 kg, 40 x 30 x 15 cm) to the UAE is priced on its volumetric
 * 3.6 kg: 8 half kilos in zone 4, 90 + 7 x 28 = 286, plus 12% fuel 34.32 = 320.32 AED.
 */
describe('payments: a single package paid by card (sandbox)', () => {
  const s = useTestApp({ PUBLIC_URL }, async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const admin = (await t.userWithToken('admin')).headers;
    const host = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: admin,
      payload: { name: 'Hopbox New York', address: '1 Harbor Way', city: 'New York', country: 'United States of America', code: 'USNY' },
    });
    expect(host.statusCode, host.body).toBe(201);
    const hostId = host.json().data.id;
    const [alice, bob] = [await t.customer(), await t.customer()];
    const home = await addAddress(t, alice.headers, { label: 'Home' });
    await addAddress(t, bob.headers, { label: 'Bob home' });
    return { staff, alice, bob, home, hostId };
  });
  const PRICE = 320.32;

  const receive = (c: TestCustomer, overrides: Record<string, unknown> = {}) => receivePackage(s.t, s.staff, c.locker, overrides);
  const post = (c: TestCustomer, url: string, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url, headers: c.headers, payload });
  /** SPEC.md's generate body, plus the draft: the package and the address id. */
  const generateBody = (p: Package, extra: Record<string, unknown> = {}) => ({
    shipmentId: `TEMP_${Date.now()}`,
    amount: PRICE.toFixed(2),
    userId: s.alice.id,
    currency: 'AED',
    redirectUrl: CALLBACK,
    packages: [p.hopboxId],
    addressId: s.home.id,
    notes: 'Leave with the concierge',
    ...extra,
  });
  const generate = (p: Package, extra: Record<string, unknown> = {}, c: TestCustomer = s.alice) =>
    post(c, '/api/user/shipment-payment/generate', generateBody(p, extra));
  const check = (orderRef: string, c: TestCustomer = s.alice) => post(c, '/api/user/shipment-payment/check', { orderRef });
  /** Opens a payment for the package and answers its link. */
  async function open(p: Package) {
    const res = await generate(p);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { orderRef: string; amount: number; currency: string; _links: { payment: { href: string } } };
  }
  const sent = async (c: TestCustomer = s.alice) =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: c.headers })).json().data as SentShipment[];
  const lockerIds = async (c: TestCustomer = s.alice) =>
    ((await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: c.headers })).json().data as Package[]).map(
      (p) => p.id,
    );
  const dashboard = async (c: TestCustomer = s.alice) =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers: c.headers })).json().data as Record<string, number>;
  const shipmentRows = (userId: number) => s.t.db.select().from(shipments).where(eq(shipments.userId, userId));
  const paymentRows = (userId: number) => s.t.db.select().from(payments).where(eq(payments.userId, userId));

  it('escapes what the customer and the warehouse typed on the hosted page', async () => {
    const nasty = '<script>alert("x")</script>&"\'';
    const carol = await s.t.customer();
    const p = await receive(carol, { packageContent: nasty });
    const address = await addAddress(s.t, carol.headers, { label: 'Nasty', address: '<img src=x onerror=alert(1)> Street 1' });
    const quote = await shippingQuote(s.t, carol.headers, [p], address.country);
    const res = await generate(p, { addressId: address.id, amount: quote.price.toFixed(2), userId: carol.id }, carol);
    expect(res.statusCode, res.body).toBe(200);
    const html = (await s.t.app.inject({ method: 'GET', url: pathOf(res.json()._links.payment.href) })).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&quot;&#39;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Street 1');
  });

  describe('a payment that is captured', () => {
    let pkg: Package;
    let link: Awaited<ReturnType<typeof open>>;
    let shipmentCode: string;

    it('prices the package the way calculate-shipping-price does', async () => {
      pkg = await receive(s.alice);
      const quote = await shippingQuote(s.t, s.alice.headers, [pkg], s.home.country);
      expect(quote.price).toBe(PRICE);
      expect(quote.currency).toBe('AED');
    });

    it("generates a payment link from SPEC.md's body: _links.payment.href and orderRef, the user taken from the token", async () => {
      // userId names Bob, but the token is Alice's: the payment is hers.
      const res = await generate(pkg, { userId: s.bob.id });
      expect(res.statusCode, res.body).toBe(200);
      link = res.json();
      expect(link).toEqual({
        success: true,
        orderRef: expect.stringMatching(/^sbx-/),
        amount: PRICE,
        currency: 'AED',
        _links: { payment: { href: `${PUBLIC_URL}/payments/sandbox/${link.orderRef}` } },
      });
      const rows = await paymentRows(s.alice.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ orderRef: link.orderRef, kind: 'single', status: 'PENDING', amount: '320.32', currency: 'AED' });
      expect(await paymentRows(s.bob.id)).toEqual([]);
      // Nothing is shipped yet: the package stays in the locker.
      expect(await shipmentRows(s.alice.id)).toEqual([]);
      expect(await lockerIds()).toContain(pkg.id);
    });

    it('shows the amount, currency and reference on the hosted page, with Pay and Decline in a plain form', async () => {
      const res = await s.t.app.inject({ method: 'GET', url: pathOf(link._links.payment.href) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html).toContain('320.32 AED');
      expect(html).toMatch(/<dt>Currency<\/dt><dd>AED<\/dd>/);
      // One reference, the one the callback page and the receipt show (decision 030).
      expect(html).toContain(`<dt>Reference</dt><dd data-testid="reference">${link.orderRef}</dd>`);
      expect(html).not.toMatch(/HB-[SC]-/);
      expect(html).toContain(`<form method="post" action="/payments/sandbox/${link.orderRef}"`);
      expect(html).toMatch(/<button[^>]*name="action" value="pay">Pay<\/button>/);
      expect(html).toMatch(/<button[^>]*name="action" value="decline">Decline<\/button>/);
      const missing = await s.t.app.inject({ method: 'GET', url: '/payments/sandbox/sbx-nope' });
      expect(missing.statusCode).toBe(404);
    });

    it('shows what is paid for: the package (Hopbox ID, content, weight) and the destination', async () => {
      const html = (await s.t.app.inject({ method: 'GET', url: pathOf(link._links.payment.href) })).body;
      const items = html.match(/<ul class="items" data-testid="items">([\s\S]*?)<\/ul>/)?.[1] ?? '';
      expect(items).toContain(pkg.hopboxId);
      expect(items).toContain(pkg.packageContent);
      expect(items).toContain(`${pkg.packageWeight} kg`);
      const destination = html.match(/<p class="destination" data-testid="destination">([^<]*)<\/p>/)?.[1] ?? '';
      expect(destination).toContain(s.home.address);
      expect(destination).toContain(s.home.city);
      expect(destination).toContain(s.home.country);
      // No secret of the app or the provider is in the page.
      expect(html).not.toMatch(/token|secret|apiKey/i);
    });

    it('offers "Cancel and go back" to the page the payment started from, which then says the payment was cancelled, a plain link that answers nothing', async () => {
      const html = (await s.t.app.inject({ method: 'GET', url: pathOf(link._links.payment.href) })).body;
      expect(html).toContain(
        `<a class="back" data-testid="back" href="${PUBLIC_URL}/received-packages?payment=cancelled">Cancel and go back</a>`,
      );
      // Following it is a GET to the portal, never the hosted page's form: the order stays open and nothing is captured.
      const [row] = await s.t.db.select().from(sandboxOrders).where(eq(sandboxOrders.reference, link.orderRef));
      expect(row?.state).toBe('STARTED');
      expect((await paymentRows(s.alice.id)).map((p) => p.status)).toEqual(['PENDING']);
    });

    it('follows the portal theme: the stored choice through a same-origin script (no inline script), else the system preference', async () => {
      const res = await s.t.app.inject({ method: 'GET', url: pathOf(link._links.payment.href) });
      expect(res.body).toContain('<script src="/payments/sandbox/theme.js"></script>');
      expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(res.body).toContain('@media (prefers-color-scheme:dark)');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      const script = await s.t.app.inject({ method: 'GET', url: '/payments/sandbox/theme.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.body).toContain("localStorage.getItem('theme')");
    });

    it('answers captured 0 to a check before the customer pays, and creates nothing', async () => {
      const res = await check(link.orderRef);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, captured: 0, status: 'PENDING', orderRef: link.orderRef });
      expect(await shipmentRows(s.alice.id)).toEqual([]);
    });

    it('sends the customer back to the callback page with ?ref= after Pay (303)', async () => {
      await sandboxAnswerBack(s.t, link._links.payment.href, 'pay', CALLBACK, link.orderRef);
    });

    it('answers captured 1, SUCCESS and the shipment id to the check, having created the shipment', async () => {
      const res = await check(link.orderRef);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        captured: 1,
        status: 'SUCCESS',
        msg: expect.any(String),
        orderRef: link.orderRef,
        shipmentId: expect.stringMatching(/^SHP\d+$/),
      });
      shipmentCode = body.shipmentId;
      expect(await shipmentRows(s.alice.id)).toHaveLength(1);
    });

    it('creates nothing new on a second check (the callback reached twice)', async () => {
      const again = await check(link.orderRef);
      expect(again.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: shipmentCode });
      const rows = await shipmentRows(s.alice.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.shipmentId).toBe(shipmentCode);
    });

    it('lists it in Sent Shipments: Finalized, Paid, with the reference, the amount, the host id and its code', async () => {
      const rows = await sent();
      expect(rows).toHaveLength(1);
      const row = rows[0] as SentShipment;
      expect(row).toMatchObject({
        shipmentId: shipmentCode,
        lockerNumber: s.alice.locker,
        customerName: 'Test user',
        customerPhone: '+971501234567',
        totalWeight: 1.75,
        awb: null,
        processingDate: null,
        host: s.hostId,
        hostCode: 'USNY',
        shipmentStatus: 'Finalized',
        paymentStatus: 'Paid',
        paymentReference: link.orderRef,
        amount: PRICE,
        currency: 'AED',
        origin: 'United States of America',
        destination: 'United Arab Emirates',
      });
      expect(JSON.parse(row.packageIds)).toEqual([pkg.hopboxId]);
      expect(row.orderDate).not.toBeNull();
      const [stored] = await shipmentRows(s.alice.id);
      expect(stored).toMatchObject({
        isConsolidated: false,
        notes: 'Leave with the concierge',
        address: s.home.address,
        city: s.home.city,
      });
      // A single package is not a consolidation: Shipments Progress stays empty.
      const progress = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: s.alice.headers });
      expect(progress.json().data).toEqual([]);
      expect(await lockerIds()).not.toContain(pkg.id);
      expect(await dashboard()).toMatchObject({ receivedPackages: 0, shipmentsInProgress: 0, sentShipments: 1 });
    });

    it('answers the same shipment (200) to POST /api/user/shipments with that paymentReference, never a second one', async () => {
      const body = shipmentBody([pkg], s.home, {
        notes: '',
        isSinglePackage: true,
        shipmentStatus: 'Finalized',
        paymentReference: link.orderRef,
        paymentStatus: 'Paid',
      });
      const [stored] = await shipmentRows(s.alice.id);
      for (let i = 0; i < 2; i++) {
        const res = await post(s.alice, '/api/user/shipments', body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: messages.shipments.created,
          data: { id: stored?.id, shipmentId: shipmentCode },
        });
      }
      expect(await shipmentRows(s.alice.id)).toHaveLength(1);
      // Another customer cannot claim it.
      expect((await post(s.bob, '/api/user/shipments', body)).statusCode).toBe(409);
      expect(await shipmentRows(s.bob.id)).toEqual([]);
    });

    it("answers 404 'Invalid payment reference' to anyone else checking the reference, and to the wrong kind of check", async () => {
      expectError(await check(link.orderRef, s.bob), 404, messages.payments.invalidReference);
      expectError(
        await post(s.bob, '/api/user/consolidation-payment/check', { orderRef: link.orderRef }),
        404,
        messages.payments.invalidReference,
      );
      expectError(
        await post(s.alice, '/api/user/consolidation-payment/check', { orderRef: link.orderRef }),
        404,
        messages.payments.invalidReference,
      );
      expectError(await check('sbx-unknown'), 404, messages.payments.invalidReference);
      expectError(await check(''), 400, messages.payments.invalidReference, 'orderRef');
    });

    it('keeps a paid order paid: the page says it is closed and a later Decline changes nothing', async () => {
      const page = await s.t.app.inject({ method: 'GET', url: pathOf(link._links.payment.href) });
      expect(page.body).toContain('This payment is closed');
      expect(page.body).toContain('already paid');
      expect((await sandboxAnswer(s.t, link._links.payment.href, 'decline')).statusCode).toBe(303);
      expect((await check(link.orderRef)).json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: shipmentCode });
      expect(await shipmentRows(s.alice.id)).toHaveLength(1);
    });

    it('refuses to open a payment for a package that is already shipped: 409', async () => {
      expectError(await generate(pkg), 409, messages.packages.packageInShipment);
    });
  });

  describe('refusals when generating', () => {
    let pkg: Package;
    beforeAll(async () => {
      pkg = await receive(s.alice);
    });

    it('refuses a tampered amount with 409 and a clear message, and opens no payment', async () => {
      const before = (await paymentRows(s.alice.id)).length;
      for (const amount of ['1.00', '320.31', 320.33, '3203.2']) {
        const res = await generate(pkg, { amount });
        expect(res.statusCode, String(amount)).toBe(409);
        expect(res.json()).toMatchObject({ success: false, field: 'amount' });
        expect(res.json().message).toMatch(/^The amount does not match the price of this shipment/);
      }
      expect(await paymentRows(s.alice.id)).toHaveLength(before);
    });

    it("refuses an amount of 0 or less with 'Invalid payment amount'", async () => {
      const before = (await paymentRows(s.alice.id)).length;
      for (const amount of [0, '0', -5, '-320.32', 'abc', null]) {
        expectError(await generate(pkg, { amount }), 400, messages.shipments.invalidAmount, 'amount');
      }
      expect(await paymentRows(s.alice.id)).toHaveLength(before);
    });

    it('refuses another currency, a missing or foreign address, and more than one package', async () => {
      expectError(await generate(pkg, { currency: 'USD' }), 400, 'Payments are taken in AED', 'currency');
      expectError(await generate(pkg, { addressId: undefined }), 400, messages.shipments.selectAddress, 'addressId');
      const bobsAddress = (await s.t.app.inject({ method: 'GET', url: '/api/user/addresses', headers: s.bob.headers })).json().data[0];
      expectError(await generate(pkg, { addressId: bobsAddress.id }), 400, messages.shipments.selectAddress, 'addressId');
      const second = await receive(s.alice);
      expectError(
        await generate(pkg, { packages: [pkg.hopboxId, second.hopboxId] }),
        400,
        'A card payment covers exactly one package',
        'packages',
      );
    });

    it('refuses a Prohibited Item with 409, naming it and what the customer can do, and opens no payment', async () => {
      const held = await receive(s.alice, { shipmentStatus: 'Prohibited Item' });
      const before = (await paymentRows(s.alice.id)).length;
      const res = await generate(held);
      expectError(res, 409, messages.shipments.prohibited([held.hopboxId]), 'packages');
      expect(res.json().code).toBe('PACKAGE_PROHIBITED');
      expect(res.json().message).toContain('contact support');
      expect(await paymentRows(s.alice.id)).toHaveLength(before);
    });

    it('opens a payment for a Damaged package (the wizard warns; the warehouse ships it)', async () => {
      const damaged = await receive(s.alice, { shipmentStatus: 'Damaged' });
      expect((await generate(damaged)).statusCode).toBe(200);
    });

    it("answers 404 for another customer's package", async () => {
      const theirs = await receive(s.bob);
      expectError(await generate(theirs), 404, messages.packages.packageNotFound);
      expectError(await generate(theirs, { addressId: undefined }, s.bob), 400, messages.shipments.selectAddress, 'addressId');
    });

    it('never sends the customer anywhere but this portal after paying', async () => {
      const res = await generate(pkg, { redirectUrl: 'https://evil.example/steal' });
      expect(res.statusCode).toBe(200);
      await sandboxAnswerBack(s.t, res.json()._links.payment.href, 'decline', CALLBACK, res.json().orderRef);
    });

    it('has no N-Genius webhook to trigger while the sandbox is the provider: 401', async () => {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/payments/ngenius/webhook',
        headers: { 'x-webhook-secret': 'anything-at-all-here' },
        payload: { order: { reference: 'sbx-x' } },
      });
      expect(res.statusCode).toBe(401);
    });

    it('needs a customer session', async () => {
      const anonymous = await s.t.app.inject({ method: 'POST', url: '/api/user/shipment-payment/generate', payload: generateBody(pkg) });
      expectError(anonymous, 401, messages.transport.sessionExpired);
      const asStaff = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/shipment-payment/check',
        headers: s.staff,
        payload: { orderRef: 'x' },
      });
      expectError(asStaff, 403, messages.transport.forbidden);
    });
  });

  describe('a declined payment', () => {
    it("answers captured 0 with 'Payment was not successful. Please try again.', creates nothing, and the package stays", async () => {
      const pkg = await receive(s.alice);
      const before = await shipmentRows(s.alice.id);
      const link = await open(pkg);
      const order = { href: link._links.payment.href, orderRef: link.orderRef };
      expect(await sandboxAnswerAndCheck(s.t, order, 'decline', CALLBACK, check)).toEqual({
        success: false,
        captured: 0,
        status: 'FAILED',
        msg: messages.payments.notSuccessful,
        orderRef: link.orderRef,
      });
      expect(await shipmentRows(s.alice.id)).toHaveLength(before.length);
      expect(await lockerIds()).toContain(pkg.id);

      // Pay after Decline does nothing: the order is closed.
      const page = await s.t.app.inject({ method: 'GET', url: pathOf(link._links.payment.href) });
      expect(page.body).toContain('already declined');
      await sandboxAnswer(s.t, link._links.payment.href, 'pay');
      expect((await check(link.orderRef)).json()).toMatchObject({ captured: 0, status: 'FAILED' });
      await reconcilePendingPayments(s.t.app.deps, 0);
      expect(await shipmentRows(s.alice.id)).toHaveLength(before.length);

      // Try Again: a new payment for the same package goes through.
      const retry = await open(pkg);
      await sandboxAnswer(s.t, retry._links.payment.href, 'pay');
      expect((await check(retry.orderRef)).json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
      expect(await shipmentRows(s.alice.id)).toHaveLength(before.length + 1);
      expect(await lockerIds()).not.toContain(pkg.id);
    });
  });

  describe('a callback never reached', () => {
    it('is settled by reconciliation exactly once, and a late check answers the same shipment', async () => {
      const pkg = await receive(s.alice);
      const link = await open(pkg);
      await sandboxAnswer(s.t, link._links.payment.href, 'pay');
      // The customer closed the tab: no check.
      const before = await shipmentRows(s.alice.id);
      expect(before.some((s) => s.paymentReference === link.orderRef)).toBe(false);

      await reconcilePendingPayments(s.t.app.deps, 0);
      const once = (await shipmentRows(s.alice.id)).filter((s) => s.paymentReference === link.orderRef);
      expect(once).toHaveLength(1);
      expect(once[0]).toMatchObject({ shipmentStatus: 'Finalized', paymentStatus: 'Paid', amount: '320.32' });

      await reconcilePendingPayments(s.t.app.deps, 0);
      expect((await shipmentRows(s.alice.id)).filter((s) => s.paymentReference === link.orderRef)).toHaveLength(1);
      expect(await shipmentRows(s.alice.id)).toHaveLength(before.length + 1);

      const late = await check(link.orderRef);
      expect(late.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: once[0]?.shipmentId });
      expect(await shipmentRows(s.alice.id)).toHaveLength(before.length + 1);
      expect((await sent()).filter((s) => s.paymentReference === link.orderRef)).toHaveLength(1);
    });

    it('leaves a payment nobody answered pending', async () => {
      const pkg = await receive(s.alice);
      const link = await open(pkg);
      await reconcilePendingPayments(s.t.app.deps, 0);
      expect((await check(link.orderRef)).json()).toMatchObject({ captured: 0, status: 'PENDING' });
      expect(await lockerIds()).toContain(pkg.id);
    });
  });

  it('creates one shipment when the check, a second check and reconciliation race each other', async () => {
    const pkg = await receive(s.alice);
    const link = await open(pkg);
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');
    const [a, b] = await Promise.all([check(link.orderRef), check(link.orderRef), reconcilePendingPayments(s.t.app.deps, 0)]);
    expect(a.json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
    expect(b.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: a.json().shipmentId });
    expect((await shipmentRows(s.alice.id)).filter((s) => s.paymentReference === link.orderRef)).toHaveLength(1);
  });

  it('keeps a package that is being paid for out of a consolidation, so the payment still makes its shipment', async () => {
    const pkg = await receive(s.alice);
    const other = await receive(s.alice);
    const link = await open(pkg);
    const consolidation = await post(s.alice, '/api/user/shipments', {
      packages: [pkg.hopboxId, other.hopboxId],
      address: s.home.address,
      city: s.home.city,
      country: s.home.country,
    });
    expect(consolidation.statusCode).toBe(409);
    expect(consolidation.json()).toMatchObject({ code: 'PAYMENT_PENDING', message: lifecycleMessages.payments.heldByPayment });
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');
    const answer = (await check(link.orderRef)).json();
    expect(answer).toMatchObject({ success: true, captured: 1, status: 'SUCCESS' });
    expect((await shipmentRows(s.alice.id)).filter((r) => r.paymentReference === link.orderRef)).toHaveLength(1);
    expect(await lockerIds()).toContain(other.id);
  });

  it('counts the sent shipments on the dashboard', async () => {
    const rows = await sent();
    expect(rows.every((s) => s.shipmentStatus === 'Finalized' && s.paymentStatus === 'Paid')).toBe(true);
    expect((await dashboard()).sentShipments).toBe(rows.length);
    expect(rows).toHaveLength(5);
    expect(await dashboard(s.bob)).toMatchObject({ sentShipments: 0, shipmentsInProgress: 0 });
  });
});
