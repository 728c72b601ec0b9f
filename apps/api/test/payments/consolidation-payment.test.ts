import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import type { ConsolidatedShipment, SentShipment, StaffShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, shipments } from '../../src/db/schema.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import type { Headers, TestApp, TestCustomer } from '../helper.ts';
import {
  addAddress,
  boxQuote,
  buildTestApp,
  expectError,
  PACKED_BOX,
  pathOf,
  receivePackage,
  sandboxAnswer,
  shipmentBody,
  shippingQuote,
} from '../helper.ts';
import { sandboxAnswerAndCheck } from './sandbox-return.ts';

const PUBLIC_URL = 'https://portal.hopbox.test';
const CALLBACK = `${PUBLIC_URL}/user/consolidation-payment-callback`;

/**
 * The finish flow of SPEC.md section 4: a consolidation made ready by the warehouse is paid by
 * card; on capture it leaves Shipments Progress and appears in Sent Shipments, paid. Then the
 * warehouse dispatches it.
 */
describe('payments: finishing a consolidation (sandbox)', () => {
  let t: TestApp;
  let staff: Headers;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let home: Address;
  let first: { id: number; shipmentId: string; pkgs: Package[] };
  let second: { id: number; shipmentId: string; pkgs: Package[] };
  let firstPrice: number;
  let paid: { orderRef: string; href: string };

  const post = (c: TestCustomer, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: c.headers, payload });
  async function consolidate(c: TestCustomer, address: Address, specs: Record<string, unknown>[]) {
    const pkgs: Package[] = [];
    for (const spec of specs) pkgs.push(await receivePackage(t, staff, c.locker, spec));
    const res = await post(c, '/api/user/shipments', shipmentBody(pkgs, address, { isSinglePackage: false, shipmentStatus: 'Pending' }));
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json().data as { id: number; shipmentId: string }), pkgs };
  }
  const generate = (ids: number[], amount: number | string, c: TestCustomer = alice, extra: Record<string, unknown> = {}) =>
    post(c, '/api/user/consolidation-payment/generate', {
      shipmentIds: ids,
      amount: typeof amount === 'number' ? amount.toFixed(2) : amount,
      userId: c.id,
      currency: 'AED',
      redirectUrl: CALLBACK,
      ...extra,
    });
  const check = (orderRef: string, c: TestCustomer = alice) => post(c, '/api/user/consolidation-payment/check', { orderRef });
  const finish = (ids: number[], c: TestCustomer = alice) => post(c, '/api/user/shipments/finish', { shipmentIds: ids });
  const consolidated = async (c: TestCustomer = alice) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: c.headers })).json()
      .data as ConsolidatedShipment[];
  const sent = async (c: TestCustomer = alice) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: c.headers })).json().data as SentShipment[];
  const dashboard = async (c: TestCustomer = alice) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers: c.headers })).json().data as Record<string, number>;
  const staffList = async (status: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/staff/shipments?status=${status}`, headers: staff })).json().data as StaffShipment[];
  const staffUpdate = (id: number, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/staff/shipments/${id}`, headers: staff, payload: body });
  const shipmentRow = async (id: number) => (await t.db.select().from(shipments).where(eq(shipments.id, id)))[0];
  const paymentCount = async (userId: number) => (await t.db.select().from(payments).where(eq(payments.userId, userId))).length;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    staff = (await t.userWithToken('staff')).headers;
    [alice, bob] = [await t.customer(), await t.customer()];
    home = await addAddress(t, alice.headers, { label: 'Home' });
    await addAddress(t, bob.headers, { label: 'Bob home' });
    first = await consolidate(alice, home, [
      { packageWeight: 1.25, packageLength: 30, packageBreadth: 20, packageHeight: 10, quantity: 1 },
      { packageWeight: 2.5, packageLength: 40, packageBreadth: 30, packageHeight: 20, quantity: 2 },
      { packageWeight: 0.75, packageLength: 20, packageBreadth: 10, packageHeight: 5, quantity: 3 },
    ]);
    second = await consolidate(alice, home, [{}, {}]);
  });
  afterAll(() => t.close());

  it("refuses to pay for a consolidation that is not ready to ship, with SPEC.md's message", async () => {
    const res = await generate([first.id], 1000);
    expectError(res, 400, messages.shipments.notReady, 'shipmentIds');
    expect(await paymentCount(alice.id)).toBe(0);
  });

  it('is shown, before packing, at the estimate from its packages: one box of their summed weight and volume (decision 026)', async () => {
    const row = (await consolidated()).find((r) => r.id === first.id);
    // 4.5 kg; 6000 + 24000 + 1000 cm3 / 5000 = 6.2 kg wins: 13 half kilos in zone 4, 90 + 12 x 28 = 426, fuel 51.12.
    expect(row).toMatchObject({ amount: 477.12, priced_from: 'estimate', packed_weight: null, packed_length: null });
    // SPEC.md section 9's summed edges (90 x 60 x 35 cm, 37.8 kg) would have quoted 2452.80.
    expect((await shippingQuote(t, alice.headers, first.pkgs, home.country)).price).toBe(2452.8);
  });

  it('is made ready by the warehouse once its packed box is recorded', async () => {
    const refused = await staffUpdate(first.id, { readyToShip: true, consolidationStatus: 'Completed' });
    expectError(refused, 409, messages.shipments.packedBoxRequired, 'packedWeight');
    expect(refused.json().code).toBe('PACKED_BOX_REQUIRED');
    const res = await staffUpdate(first.id, { readyToShip: true, consolidationStatus: 'Completed', ...PACKED_BOX });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await consolidated()).find((r) => r.id === first.id);
    expect(row).toMatchObject({
      ready_to_ship: true,
      consolidation_status: 'Completed',
      priced_from: 'packed_box',
      packed_weight: 4.8,
      packed_length: 45,
      packed_breadth: 35,
      packed_height: 25,
    });
  });

  it('is priced from its packed box, as calculate-shipping-price prices that weight and size to its destination', async () => {
    const quote = await boxQuote(t, alice.headers, first.pkgs[0]?.origin as string, home.country, PACKED_BOX);
    // 4.8 kg; 45 x 35 x 25 cm / 5000 = 7.875 kg wins: 16 half kilos in zone 4, 90 + 15 x 28 = 510, fuel 61.2.
    expect(quote).toMatchObject({ price: 571.2, currency: 'AED', details: { actualWeight: 4.8, volumetricWeight: 7.875 } });
    expect((await consolidated()).find((r) => r.id === first.id)?.amount).toBe(571.2);
    firstPrice = quote.price;
  });

  it('refuses a different amount (409) and a non-positive one (400), opening no payment', async () => {
    for (const amount of [firstPrice - 1, firstPrice + 0.01, 1]) {
      const res = await generate([first.id], amount);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^The amount does not match the price of this shipment/);
    }
    for (const amount of [0, -1, '0.00']) {
      expectError(await generate([first.id], amount), 400, messages.shipments.invalidAmount, 'amount');
    }
    expectError(await generate([], firstPrice), 400, messages.shipments.selectShipment, 'shipmentIds');
    expect(await paymentCount(alice.id)).toBe(0);
  });

  it("answers 404 for another customer's shipment", async () => {
    expectError(await generate([first.id], firstPrice, bob), 404, 'Shipment not found');
    expectError(await generate([first.id, 999999], firstPrice), 404, 'Shipment not found');
    expect(await paymentCount(bob.id)).toBe(0);
  });

  it('opens a payment for the right amount and answers captured 0 until it is paid', async () => {
    const res = await generate([first.id], firstPrice);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, amount: firstPrice, currency: 'AED', orderRef: expect.any(String) });
    paid = { orderRef: body.orderRef, href: body._links.payment.href };
    expect(paid.href).toBe(`${PUBLIC_URL}/payments/sandbox/${paid.orderRef}`);
    const page = await t.app.inject({ method: 'GET', url: pathOf(paid.href) });
    expect(page.body).toContain('571.20');
    // What is paid for, the one reference, and the way back to Shipments Progress (decision 030).
    expect(page.body).toContain(`<dd data-testid="reference">${paid.orderRef}</dd>`);
    expect(page.body).toContain(first.shipmentId);
    expect(page.body).toContain(`href="${PUBLIC_URL}/shipments-progress?payment=cancelled">Cancel and go back</a>`);
    expect((await check(paid.orderRef)).json()).toMatchObject({ success: false, captured: 0, status: 'PENDING' });
    // Not paid: finishing it is refused and changes nothing.
    const refused = await finish([first.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(first.shipmentId);
    expect(await shipmentRow(first.id)).toMatchObject({ shipmentStatus: 'Pending', paymentStatus: 'Unpaid' });
  });

  it('on Pay sends the customer to the consolidation callback page and check answers captured 1 with shipmentIds', async () => {
    expect(await sandboxAnswerAndCheck(t, paid, 'pay', CALLBACK, check)).toEqual({
      success: true,
      captured: 1,
      status: 'SUCCESS',
      msg: expect.any(String),
      orderRef: paid.orderRef,
      shipmentIds: String(first.id),
    });
  });

  it('moves the shipment from Shipments Progress to Sent Shipments, Finalized and Paid', async () => {
    expect((await consolidated()).map((r) => r.id)).toEqual([second.id]);
    const rows = await sent();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.id,
      shipmentId: first.shipmentId,
      shipmentStatus: 'Finalized',
      paymentStatus: 'Paid',
      paymentReference: paid.orderRef,
      amount: firstPrice,
      currency: 'AED',
      totalWeight: 4.5,
    });
    expect(JSON.parse(rows[0]?.packageIds as string)).toEqual(first.pkgs.map((p) => p.hopboxId));
    expect(rows[0]?.orderDate).not.toBeNull();
    expect(await dashboard()).toMatchObject({ shipmentsInProgress: 1, sentShipments: 1 });
  });

  it('changes nothing on a second check', async () => {
    const before = await shipmentRow(first.id);
    expect((await check(paid.orderRef)).json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentIds: String(first.id) });
    expect(await shipmentRow(first.id)).toEqual(before);
    expectError(await check(paid.orderRef, bob), 404, messages.payments.invalidReference);
    expectError(
      await post(alice, '/api/user/shipment-payment/check', { orderRef: paid.orderRef }),
      404,
      messages.payments.invalidReference,
    );
  });

  it('finishes idempotently: 200 twice, nothing changes', async () => {
    const before = await shipmentRow(first.id);
    for (let i = 0; i < 2; i++) {
      const res = await finish([first.id]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, shipmentIds: [first.id] });
    }
    expect(await shipmentRow(first.id)).toEqual(before);
    expect(await sent()).toHaveLength(1);
  });

  it('refuses to finish an unpaid shipment (409), alone or beside a paid one, and changes nothing', async () => {
    const before = await shipmentRow(second.id);
    for (const ids of [[second.id], [first.id, second.id]]) {
      const res = await finish(ids);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(second.shipmentId);
    }
    expect(await shipmentRow(second.id)).toEqual(before);
    expect((await consolidated()).map((r) => r.id)).toEqual([second.id]);
    expectError(await finish([first.id], bob), 404, 'Shipment not found');
    expectError(await finish([]), 400, messages.shipments.selectShipment, 'shipmentIds');
  });

  it('refuses a second payment for a paid consolidation', async () => {
    expect((await generate([first.id], firstPrice)).statusCode).toBe(409);
  });

  describe('warehouse dispatch', () => {
    it('lists the paid shipment as awaiting dispatch and the other as consolidating', async () => {
      expect((await staffList('awaiting-dispatch')).map((r) => r.id)).toEqual([first.id]);
      expect((await staffList('consolidating')).map((r) => r.id)).toEqual([second.id]);
      expect((await staffList('Finalized')).map((r) => r.id)).toEqual([first.id]);
    });

    it('no longer lets Ready to Ship or the packed box change on a paid consolidation', async () => {
      const before = await shipmentRow(first.id);
      expectError(await staffUpdate(first.id, { readyToShip: false }), 409, 'This consolidation is already paid');
      expectError(await staffUpdate(first.id, { ...PACKED_BOX, packedWeight: 1 }), 409, 'This consolidation is already paid');
      expect(await shipmentRow(first.id)).toEqual(before);
    });

    it('dispatches a paid shipment with an AWB, Shipped and a processing date; the customer sees them', async () => {
      const res = await staffUpdate(first.id, { awb: 'AWB-0001', shipmentStatus: 'Shipped', processingDate: '2025-06-01T10:00:00Z' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ awb: 'AWB-0001', shipmentStatus: 'Shipped', processingDate: '2025-06-01T10:00:00.000Z' });
      expect((await sent())[0]).toMatchObject({ awb: 'AWB-0001', shipmentStatus: 'Shipped', processingDate: '2025-06-01T10:00:00.000Z' });
      expect(await staffList('awaiting-dispatch')).toEqual([]);
      expect(await dashboard()).toMatchObject({ sentShipments: 1 });
      expectError(
        await staffUpdate(first.id, { shipmentStatus: 'Lost' }),
        400,
        'Shipment status must be one of: Processed, Shipped, Delivered',
        'shipmentStatus',
      );
    });
  });

  describe('the second consolidation', () => {
    let price: number;

    it('creates nothing when its payment is declined', async () => {
      const box = { packedWeight: 3.5, packedLength: 40, packedBreadth: 30, packedHeight: 30 };
      expect((await staffUpdate(second.id, { readyToShip: true, consolidationStatus: 'Completed', ...box })).statusCode).toBe(200);
      price = (await boxQuote(t, alice.headers, second.pkgs[0]?.origin as string, home.country, box)).price;
      // 3.5 kg; 40 x 30 x 30 / 5000 = 7.2 kg: 15 half kilos, 90 + 14 x 28 = 482, fuel 57.84.
      expect(price).toBe(539.84);
      const before = await shipmentRow(second.id);
      const link = (await generate([second.id], price)).json();
      await sandboxAnswer(t, link._links.payment.href, 'decline');
      expect((await check(link.orderRef)).json()).toEqual({
        success: false,
        captured: 0,
        status: 'FAILED',
        msg: messages.payments.notSuccessful,
        orderRef: link.orderRef,
      });
      expect(await shipmentRow(second.id)).toEqual(before);
      expect((await finish([second.id])).statusCode).toBe(409);
      expect((await consolidated()).map((r) => r.id)).toEqual([second.id]);
    });

    it('is finished by reconciliation when the callback is never reached, exactly once', async () => {
      const link = (await generate([second.id], price)).json();
      await sandboxAnswer(t, link._links.payment.href, 'pay');
      await reconcilePendingPayments(t.app.deps, 0);
      const after = await shipmentRow(second.id);
      expect(after).toMatchObject({
        shipmentStatus: 'Finalized',
        paymentStatus: 'Paid',
        paymentReference: link.orderRef,
        amount: '539.84',
      });
      await reconcilePendingPayments(t.app.deps, 0);
      expect(await shipmentRow(second.id)).toEqual(after);
      expect((await check(link.orderRef)).json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentIds: String(second.id) });
      expect(await shipmentRow(second.id)).toEqual(after);
      expect((await finish([second.id])).statusCode).toBe(200);
      expect(await consolidated()).toEqual([]);
      expect((await sent()).map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
      expect(await dashboard()).toMatchObject({ shipmentsInProgress: 0, sentShipments: 2 });
    });
  });

  it('pays several ready consolidations at once and answers their ids comma-separated', async () => {
    const a = await consolidate(alice, home, [{ packageWeight: 1 }, { packageWeight: 1 }]);
    const b = await consolidate(alice, home, [{ packageWeight: 2 }, { packageWeight: 2 }]);
    const boxA = { packedWeight: 2, packedLength: 20, packedBreadth: 20, packedHeight: 20 };
    const boxB = { packedWeight: 4, packedLength: 30, packedBreadth: 30, packedHeight: 30 };
    expect((await staffUpdate(a.id, { readyToShip: true, ...boxA })).statusCode).toBe(200);
    expect((await staffUpdate(b.id, { readyToShip: true, ...boxB })).statusCode).toBe(200);
    const priceA = (await boxQuote(t, alice.headers, a.pkgs[0]?.origin as string, home.country, boxA)).price;
    const priceB = (await boxQuote(t, alice.headers, b.pkgs[0]?.origin as string, home.country, boxB)).price;
    const total = priceA + priceB;
    const res = await generate([a.id, b.id], Math.round(total * 100) / 100);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json();
    await sandboxAnswer(t, link._links.payment.href, 'pay');
    const answer = (await check(link.orderRef)).json();
    expect(answer).toMatchObject({ captured: 1, status: 'SUCCESS' });
    expect(answer.shipmentIds.split(',').map(Number).sort()).toEqual([a.id, b.id].sort());
    // Each shipment records its own share of the amount charged.
    expect(await shipmentRow(a.id)).toMatchObject({ shipmentStatus: 'Finalized', paymentStatus: 'Paid', amount: priceA.toFixed(2) });
    expect(await shipmentRow(b.id)).toMatchObject({ shipmentStatus: 'Finalized', paymentStatus: 'Paid', amount: priceB.toFixed(2) });
    expect(await dashboard()).toMatchObject({ shipmentsInProgress: 0, sentShipments: 4 });
  });
});
