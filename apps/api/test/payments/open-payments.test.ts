import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, payments, sandboxOrders, shipments } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import type { TestCustomer } from '../helper.ts';
import {
  addAddress,
  boxQuote,
  createConsolidation,
  PACKED_BOX,
  receivePackage,
  sandboxAnswer,
  shippingQuote,
  useTestApp,
} from '../helper.ts';

const CALLBACK = 'https://portal.hopbox.test/user/shipment-payment-callback';
type Answer = { statusCode: number; json(): Record<string, unknown> & { orderRef: string; _links: { payment: { href: string } } } };

/**
 * Issue "Exactly once, in one place", every payment accounted for: at most one open payment per package or
 * consolidation, nothing that is being paid for changes meanwhile, an open payment expires with its price's
 * hold, and money taken for a payment that failed or expired is flagged, never lost and never silently shipped.
 */
describe('open payments: one per package or consolidation', () => {
  const clock = settableClock();
  const s = useTestApp(
    {},
    async (t) => {
      const staff = (await t.userWithToken('staff')).headers;
      const alice = await t.customer();
      const home = await addAddress(t, alice.headers, { label: 'Home' });
      return { staff, alice, home };
    },
    { clock },
  );

  const post = (c: TestCustomer, url: string, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url, headers: c.headers, payload }) as unknown as Promise<Answer>;
  const receive = () => receivePackage(s.t, s.staff, s.alice.locker);
  const priceOf = async (pkg: Package) => (await shippingQuote(s.t, s.alice.headers, [pkg], s.home.country)).price;
  /** The price with insurance, as the pay dialog asks it: the package named, insurance chosen. */
  const insuredPriceOf = async (pkg: Package) => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments/calculate-shipping-price',
      headers: s.alice.headers,
      payload: {
        origin: pkg.origin,
        destination: s.home.country,
        weight: pkg.packageWeight,
        length: pkg.packageLength,
        breadth: pkg.packageBreadth,
        height: pkg.packageHeight,
        pieces: pkg.quantity,
        packages: [pkg.hopboxId],
        insurance: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().price as number;
  };
  const generateFor = (pkg: Package, amount: number, extra: Record<string, unknown> = {}) =>
    post(s.alice, '/api/user/shipment-payment/generate', {
      amount: amount.toFixed(2),
      currency: 'AED',
      packages: [pkg.hopboxId],
      addressId: s.home.id,
      redirectUrl: CALLBACK,
      ...extra,
    });
  const check = (orderRef: string) => post(s.alice, '/api/user/shipment-payment/check', { orderRef });
  const sandboxOrderCount = async () => (await s.t.db.select({ reference: sandboxOrders.reference }).from(sandboxOrders)).length;
  const paymentRow = async (orderRef: string) => (await s.t.db.select().from(payments).where(eq(payments.orderRef, orderRef)))[0];
  const shipmentsPaidBy = async (orderRef: string) =>
    s.t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.paymentReference, orderRef));
  const holder = async (pkg: Package) =>
    (await s.t.db.select({ openPaymentId: packages.openPaymentId }).from(packages).where(eq(packages.id, pkg.id)))[0]?.openPaymentId;

  it('answers a second generate for the same package and amount with the same order: one order at the provider', async () => {
    const pkg = await receive();
    const price = await priceOf(pkg);
    const orders = await sandboxOrderCount();
    const first = await generateFor(pkg, price);
    const second = await generateFor(pkg, price);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().orderRef).toBe(first.json().orderRef);
    expect(second.json()._links.payment.href).toBe(first.json()._links.payment.href);
    expect(await sandboxOrderCount()).toBe(orders + 1);
    expect(await holder(pkg)).toBe((await paymentRow(first.json().orderRef))?.id);
  });

  it('opens one order when two generates race, and the loser is told a payment is open', async () => {
    const pkg = await receive();
    const price = await priceOf(pkg);
    const orders = await sandboxOrderCount();
    const answers = await Promise.all([generateFor(pkg, price), generateFor(pkg, price), generateFor(pkg, price)]);
    const opened = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().orderRef));
    expect(opened.size).toBe(1);
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json()).toMatchObject({ code: 'PAYMENT_PENDING' });
    }
    expect(await sandboxOrderCount()).toBe(orders + 1);
  });

  it('refuses a different payment for a package while one is open, saying how long until it expires', async () => {
    const pkg = await receive();
    const price = await priceOf(pkg);
    expect((await generateFor(pkg, price)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    const orders = await sandboxOrderCount();
    const insured = await generateFor(pkg, await insuredPriceOf(pkg), { insurance: true });
    expect(insured.statusCode).toBe(409);
    expect(insured.json()).toMatchObject({ code: 'PAYMENT_PENDING', message: lifecycleMessages.payments.alreadyOpen(20) });
    expect(await sandboxOrderCount()).toBe(orders);
  });

  it('lets an open payment expire with its price’s hold, freeing the package; a capture after that needs attention, never ships', async () => {
    const pkg = await receive();
    const price = await priceOf(pkg);
    const link = (await generateFor(pkg, price)).json();
    clock.advance(31 * 60_000);
    await reconcilePendingPayments(s.t.app.deps, 0);
    expect(await paymentRow(link.orderRef)).toMatchObject({ status: 'EXPIRED' });
    expect(await holder(pkg)).toBeNull();

    // The customer pays on the page they kept open: the provider takes the money of an order the portal let go.
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');
    const late = (await check(link.orderRef)).json();
    expect(late).toMatchObject({ success: false, captured: 1, status: 'NEEDS_ATTENTION' });
    expect(late.msg).toContain(link.orderRef);
    expect(await paymentRow(link.orderRef)).toMatchObject({ status: 'NEEDS_ATTENTION', finalizedAt: null });
    expect(await shipmentsPaidBy(link.orderRef)).toHaveLength(0);

    // A new payment for the package opens a new order at today's price.
    const again = await generateFor(pkg, await priceOf(pkg));
    expect(again.statusCode).toBe(200);
    expect(again.json().orderRef).not.toBe(link.orderRef);
  });

  it('finds a late capture by itself: reconciliation keeps asking about an expired payment', async () => {
    const pkg = await receive();
    const link = (await generateFor(pkg, await priceOf(pkg))).json();
    clock.advance(31 * 60_000);
    await reconcilePendingPayments(s.t.app.deps, 0);
    expect(await paymentRow(link.orderRef)).toMatchObject({ status: 'EXPIRED' });
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');
    // It is asked about again 15 minutes later, not on every round.
    await reconcilePendingPayments(s.t.app.deps, 0);
    expect(await paymentRow(link.orderRef)).toMatchObject({ status: 'EXPIRED' });
    clock.advance(15 * 60_000);
    await reconcilePendingPayments(s.t.app.deps, 0);
    expect(await paymentRow(link.orderRef)).toMatchObject({ status: 'NEEDS_ATTENTION' });
    expect((await paymentRow(link.orderRef))?.capturedAt).not.toBeNull();
  });

  describe('a consolidation being paid for', () => {
    const staffUpdate = (id: number, body: Record<string, unknown>) =>
      s.t.app.inject({ method: 'PUT', url: `/api/staff/shipments/${id}`, headers: s.staff, payload: body });
    const generate = (id: number, amount: number) =>
      post(s.alice, '/api/user/consolidation-payment/generate', {
        shipmentIds: [id],
        amount: amount.toFixed(2),
        userId: s.alice.id,
        currency: 'AED',
      });

    it('cannot be re-weighed or made unready while its payment is open; what was priced is what is captured', async () => {
      const pkgs = [await receive(), await receive()];
      const consolidation = await createConsolidation(s.t, s.alice.headers, pkgs, s.home);
      expect((await staffUpdate(consolidation.id, { ...PACKED_BOX, readyToShip: true })).statusCode).toBe(200);
      const price = (await boxQuote(s.t, s.alice.headers, pkgs[0]?.origin as string, s.home.country, PACKED_BOX)).price;
      const link = (await generate(consolidation.id, price)).json();
      expect((await generate(consolidation.id, price)).json().orderRef).toBe(link.orderRef);

      const reweigh = await staffUpdate(consolidation.id, { ...PACKED_BOX, packedWeight: 40 });
      expect(reweigh.statusCode).toBe(409);
      expect(reweigh.json()).toMatchObject({ code: 'PAYMENT_PENDING', message: lifecycleMessages.payments.heldByPayment });
      expect((await staffUpdate(consolidation.id, { readyToShip: false })).statusCode).toBe(409);
      // Reopening it would take it off ready too.
      expect((await staffUpdate(consolidation.id, { consolidationStatus: 'In Progress' })).statusCode).toBe(409);
      const staffView = (await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=consolidating', headers: s.staff })).json()
        .data as { id: number; paymentOpen: boolean; packedWeight: number }[];
      expect(staffView.find((r) => r.id === consolidation.id)).toMatchObject({ paymentOpen: true, packedWeight: PACKED_BOX.packedWeight });

      await sandboxAnswer(s.t, link._links.payment.href, 'pay');
      expect((await post(s.alice, '/api/user/consolidation-payment/check', { orderRef: link.orderRef })).json()).toMatchObject({
        captured: 1,
        status: 'SUCCESS',
      });
      const [paid] = await s.t.db.select().from(shipments).where(eq(shipments.id, consolidation.id));
      expect(paid).toMatchObject({
        paymentStatus: 'Paid',
        amount: price.toFixed(2),
        packedWeight: PACKED_BOX.packedWeight.toFixed(3),
        openPaymentId: null,
      });
    });
  });
});
