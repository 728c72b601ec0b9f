import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { formatMoney, toMinor } from '@hopbox/contracts/money';
import { REFUND_REASON_MAX, type StaffPayment } from '@hopbox/contracts/payment-refunds';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentRefunds, payments, sandboxRefunds } from '../../src/db/schema.ts';
import { AppError } from '../../src/lib/errors.ts';
import { movePayment } from '../../src/modules/payments/payments-repository.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import { PaymentProviderError } from '../../src/providers/payments/payment-provider.ts';
import { providerRegistry } from '../../src/providers/registry.ts';
import {
  addAddress,
  expectError,
  type Headers,
  mailText,
  openSinglePayment,
  pathOf,
  paySinglePackage,
  receivePackage,
  sandboxAnswer,
  shippingQuote,
  type TestCustomer,
  useTestApp,
} from '../helper.ts';

/**
 * Issue "Exactly once, in one place", every payment accounted for: staff list every payment and give captured
 * money back, in part or in full, through the provider the payment was made with (decision 045). Refunds never
 * add up to more than was captured, also when sent at once; money never captured cannot be refunded; the customer
 * is mailed and sees the refund in Sent Shipments' details.
 */
describe('refunds and the Payments list', () => {
  const s = useTestApp(async (t) => {
    const staff = await t.userWithToken('staff');
    const admin = (await t.userWithToken('admin')).headers;
    const alice = await t.customer({ firstName: 'Alice', lastName: 'Refund' });
    const bob = await t.customer({ firstName: 'Bob', lastName: 'Other' });
    const aliceHome = await addAddress(t, alice.headers);
    const bobHome = await addAddress(t, bob.headers);
    return { staff: staff.headers, staffId: staff.user.id, admin, alice, bob, aliceHome, bobHome };
  });

  /** A captured single-package payment of the customer's: its row and the shipment it made. */
  async function capturedPayment(customer: TestCustomer = s.alice) {
    const home = customer === s.alice ? s.aliceHome : s.bobHome;
    const pkg = await receivePackage(s.t, s.staff, customer.locker);
    const paid = await paySinglePackage(s.t, customer.headers, pkg, home);
    const row = (await s.t.db.select().from(payments).where(eq(payments.orderRef, paid.orderRef)))[0];
    if (!row) throw new Error('no payment row');
    return { ...paid, id: row.id, shipmentDbId: row.shipmentIds[0] as number };
  }

  const refund = (id: number, payload: Record<string, unknown>, headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'POST', url: `/api/staff/payments/${id}/refund`, headers, payload });
  const list = (query = '', headers: Headers = s.staff) => s.t.app.inject({ method: 'GET', url: `/api/staff/payments${query}`, headers });
  const paymentRow = async (id: number) => (await s.t.db.select().from(payments).where(eq(payments.id, id)))[0];
  const refundRows = (id: number) => s.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, id));
  const sandboxRefundsOf = (orderRef: string) => s.t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderReference, orderRef));
  const customerRefunds = (shipmentId: number, headers: Headers = s.alice.headers) =>
    s.t.app.inject({ method: 'GET', url: `/api/user/shipments/${shipmentId}/refunds`, headers });
  async function mailTo(address: string, pattern: RegExp) {
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      const found = s.t
        .mailsTo(address)
        .map(mailText)
        .find((m) => pattern.test(m));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${address} matching ${pattern}`);
  }

  describe('GET /api/staff/payments', () => {
    it("lists every payment newest first with the issue's fields, its customer and shipments, paged in SQL", async () => {
      const first = await capturedPayment();
      const second = await capturedPayment(s.bob);
      const res = await list('?pageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { success: true; data: StaffPayment[]; total: number };
      expect(body.success).toBe(true);
      expect(body.total).toBeGreaterThanOrEqual(2);
      const ids = body.data.map((p) => p.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      const row = body.data.find((p) => p.id === first.id) as StaffPayment;
      expect(row).toMatchObject({
        orderRef: first.orderRef,
        kind: 'single',
        status: 'CAPTURED',
        amount: first.amount,
        refundedAmount: 0,
        currency: 'AED',
        lockerNumber: s.alice.locker,
        shipmentIds: [first.shipmentDbId],
        shipmentCodes: [first.shipmentId],
        customerName: 'Alice Refund',
        customerEmail: s.alice.email,
        provider: 'sandbox',
        refunds: [],
      });
      expect(Date.parse(row.createdAt)).not.toBeNaN();

      const paged = (await list('?page=2&pageSize=1')).json() as { data: StaffPayment[]; total: number };
      expect(paged.total).toBe(body.total);
      expect(paged.data.map((p) => p.id)).toEqual([body.data[1]?.id]);
    });

    it('filters by status, NEEDS_ATTENTION among them, and refuses an unknown one', async () => {
      const { id } = await capturedPayment();
      await s.t.db.update(payments).set({ status: 'NEEDS_ATTENTION' }).where(eq(payments.id, id));
      const needing = (await list('?status=NEEDS_ATTENTION&pageSize=100')).json() as { data: StaffPayment[]; total: number };
      expect(needing.data.map((p) => p.id)).toContain(id);
      expect(needing.data.every((p) => p.status === 'NEEDS_ATTENTION')).toBe(true);
      expect(needing.total).toBe(needing.data.length);
      expectError(await list('?status=PAID'), 400, expect.stringContaining('Status must be one of') as unknown as string);
      expect((await list('?pageSize=101')).statusCode).toBe(400);
      expect((await list('?page=0')).statusCode).toBe(400);
    });

    it('is for staff and admins only: a customer is refused 403, without a session 401', async () => {
      expect((await list('', s.admin)).statusCode).toBe(200);
      expectError(await list('', s.alice.headers), 403, 'Access denied. You do not have permission to perform this action.');
      expect((await s.t.app.inject({ method: 'GET', url: '/api/staff/payments' })).statusCode).toBe(401);
      const { id } = await capturedPayment();
      expect((await refund(id, { amount: 1, reason: 'Mine' }, s.alice.headers)).statusCode).toBe(403);
      expect((await refundRows(id)).length).toBe(0);
    });
  });

  describe('POST /api/staff/payments/{id}/refund', () => {
    it('refunds part: the provider makes it, the payment reads PARTIALLY_REFUNDED, audited, and the customer is mailed', async () => {
      const paid = await capturedPayment();
      const res = await refund(paid.id, { amount: '20.50', reason: 'Storage fee charged twice' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { status: 'PARTIALLY_REFUNDED', refundedAmount: 20.5 } });

      expect(await paymentRow(paid.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: 2050 });
      const [made] = await refundRows(paid.id);
      expect(made).toMatchObject({ amountMinor: 2050, reason: 'Storage fee charged twice', staffUserId: s.staffId });
      expect(made?.providerReference).toMatch(/^sbx-rf-/);
      // The sandbox keeps its own record of it, and shows it on the order's page.
      expect(await sandboxRefundsOf(paid.orderRef)).toEqual([
        expect.objectContaining({ reference: made?.providerReference, amountMinor: 2050 }),
      ]);
      const page = await s.t.app.inject({ method: 'GET', url: `/payments/sandbox/${paid.orderRef}` });
      expect(page.body).toContain('Refunds');
      expect(page.body).toContain(made?.providerReference as string);
      expect(page.body).toContain(formatMoney(20.5, 'AED'));

      const audit = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/payment/${paid.id}`, headers: s.staff });
      expect(audit.json().data).toEqual([
        expect.objectContaining({
          action: 'refund',
          before: { status: 'CAPTURED', refundedAmount: 0 },
          after: expect.objectContaining({ status: 'PARTIALLY_REFUNDED', refund: 20.5, reason: 'Storage fee charged twice' }),
        }),
      ]);

      const mail = await mailTo(s.alice.email, /Refund of 20\.50 AED/);
      expect(mail).toContain('Storage fee charged twice');
      expect(mail).toContain(paid.orderRef);
      expect(mail).toContain(paid.shipmentId);
      expect(mail).toContain(`The rest of the payment, ${formatMoney(toMinor(paid.amount) / 100 - 20.5, 'AED')}`);

      // The customer sees it in Sent Shipments' details; the list shows it to staff.
      const seen = await customerRefunds(paid.shipmentDbId);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().data).toEqual([
        { amount: 20.5, currency: 'AED', reason: 'Storage fee charged twice', createdAt: expect.any(String), orderRef: paid.orderRef },
      ]);
      const listed = ((await list('?pageSize=100')).json().data as StaffPayment[]).find((p) => p.id === paid.id);
      expect(listed).toMatchObject({
        status: 'PARTIALLY_REFUNDED',
        refundedAmount: 20.5,
        refunds: [expect.objectContaining({ amount: 20.5, reason: 'Storage fee charged twice', staffName: 'Test staff' })],
      });
    });

    it('refunds the rest in full: REFUNDED, final; a further fil is a 400', async () => {
      const paid = await capturedPayment();
      expect((await refund(paid.id, { amount: 10, reason: 'Part' })).statusCode).toBe(200);
      const rest = (toMinor(paid.amount) - 1000) / 100;
      const res = await refund(paid.id, { amount: rest, reason: 'Order cancelled' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ status: 'REFUNDED', refundedAmount: paid.amount });
      const more = await refund(paid.id, { amount: 0.01, reason: 'Once more' });
      expectError(more, 400, lifecycleMessages.refunds.nothingLeft, 'amount');
      expect(more.json().code).toBe('REFUND_EXCEEDS_CAPTURED');
      expect(await paymentRow(paid.id)).toMatchObject({ status: 'REFUNDED', refundedMinor: toMinor(paid.amount) });
      expect((await sandboxRefundsOf(paid.orderRef)).reduce((sum, r) => sum + r.amountMinor, 0)).toBe(toMinor(paid.amount));
      await mailTo(s.alice.email, /The whole payment has been refunded/);
      // The customer's return page still says the payment made its shipment.
      const check = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/shipment-payment/check',
        headers: s.alice.headers,
        payload: { orderRef: paid.orderRef },
      });
      expect(check.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: paid.shipmentId });
    });

    it('answers 400 past the captured amount, saying what is left, and changes nothing', async () => {
      const paid = await capturedPayment();
      const res = await refund(paid.id, { amount: paid.amount + 0.01, reason: 'Too much' });
      expectError(res, 400, lifecycleMessages.refunds.tooMuch(formatMoney(paid.amount, 'AED')), 'amount');
      expect(res.json().code).toBe('REFUND_EXCEEDS_CAPTURED');
      expect(await paymentRow(paid.id)).toMatchObject({ status: 'CAPTURED', refundedMinor: 0 });
      expect(await refundRows(paid.id)).toEqual([]);
      expect(await sandboxRefundsOf(paid.orderRef)).toEqual([]);
    });

    it('of two refunds sent at once that together exceed the captured amount, makes one and refuses the other', async () => {
      const paid = await capturedPayment();
      const share = Math.round(toMinor(paid.amount) * 0.6) / 100;
      const answers = await Promise.all([
        refund(paid.id, { amount: share, reason: 'First click' }),
        refund(paid.id, { amount: share, reason: 'Second click' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.statusCode === 400)?.json().code).toBe('REFUND_EXCEEDS_CAPTURED');
      const row = await paymentRow(paid.id);
      expect(row).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: toMinor(share) });
      expect((await refundRows(paid.id)).map((r) => r.amountMinor)).toEqual([toMinor(share)]);
      expect((await sandboxRefundsOf(paid.orderRef)).map((r) => r.amountMinor)).toEqual([toMinor(share)]);
    });

    it('of four quarters and one more sent at once, makes exactly as many as the captured amount holds', async () => {
      const paid = await capturedPayment();
      const total = toMinor(paid.amount);
      const quarter = Math.floor(total / 4);
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => refund(paid.id, { amount: quarter / 100, reason: `Quarter ${i + 1}` })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
      expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(1);
      const made = await refundRows(paid.id);
      expect(made.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(4 * quarter);
      expect(await paymentRow(paid.id)).toMatchObject({
        refundedMinor: 4 * quarter,
        status: total === 4 * quarter ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      });
      expect((await sandboxRefundsOf(paid.orderRef)).reduce((sum, r) => sum + r.amountMinor, 0)).toBe(4 * quarter);
    });

    it('answers 409 for money never captured: pending, failed or expired', async () => {
      const pkg = await receivePackage(s.t, s.staff, s.alice.locker);
      const opened = await openSinglePayment(s.t, s.alice.headers, pkg, s.aliceHome);
      const row = (await s.t.db.select().from(payments).where(eq(payments.orderRef, opened.orderRef)))[0];
      if (!row) throw new Error('no payment');
      for (const status of ['PENDING', 'FAILED', 'EXPIRED'] as const) {
        if (status !== 'PENDING') await s.t.db.update(payments).set({ status }).where(eq(payments.id, row.id));
        const res = await refund(row.id, { amount: 1, reason: 'Not paid' });
        expectError(res, 409, lifecycleMessages.refunds.notCaptured(status));
        expect(res.json().code).toBe('PAYMENT_NOT_CAPTURED');
      }
      expect(await refundRows(row.id)).toEqual([]);
      expect(await paymentRow(row.id)).toMatchObject({ refundedMinor: 0 });
    });

    it('puts right a package paid for twice: the late capture needs attention, is refunded, and shows in the shipment', async () => {
      const pkg = await receivePackage(s.t, s.staff, s.alice.locker);
      const quote = await shippingQuote(s.t, s.alice.headers, [pkg], s.aliceHome.country);
      const generate = () =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/user/shipment-payment/generate',
          headers: s.alice.headers,
          payload: { amount: quote.price.toFixed(2), currency: 'AED', packages: [pkg.hopboxId], addressId: s.aliceHome.id },
        });
      const first = (await generate()).json() as { orderRef: string; _links: { payment: { href: string } } };
      const [row] = await s.t.db.select().from(payments).where(eq(payments.orderRef, first.orderRef));
      if (!row) throw new Error('no payment');
      // The first page was left open until its payment expired; the customer paid again and the shipment was made.
      await movePayment(s.t.db, row.id, 'EXPIRED');
      const paid = await paySinglePackage(s.t, s.alice.headers, pkg, s.aliceHome);
      const [shipment] = (await s.t.db.select().from(payments).where(eq(payments.orderRef, paid.orderRef)))[0]?.shipmentIds ?? [];
      // Then Pay on the old page too: reconciliation finds the money, which made no shipment.
      expect((await sandboxAnswer(s.t, first._links.payment.href, 'pay')).statusCode).toBe(303);
      await reconcilePendingPayments(s.t.app.deps, 0);
      expect(await paymentRow(row.id)).toMatchObject({ status: 'NEEDS_ATTENTION' });
      const needing = (await list('?status=NEEDS_ATTENTION&pageSize=100')).json().data as StaffPayment[];
      expect(needing.find((p) => p.id === row.id)).toMatchObject({ shipmentIds: [], shipmentCodes: [], refundedAmount: 0 });

      const res = await refund(row.id, { amount: quote.price, reason: 'Paid twice for the same package' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ status: 'REFUNDED', refundedAmount: quote.price });
      const check = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/shipment-payment/check',
        headers: s.alice.headers,
        payload: { orderRef: first.orderRef },
      });
      expect(check.json()).toMatchObject({ captured: 1, status: 'REFUNDED', msg: expect.stringContaining('refunded') });
      await mailTo(s.alice.email, /Paid twice for the same package/);
      // The customer finds it in the details of the shipment the package went in.
      expect((await customerRefunds(shipment as number)).json().data).toEqual([
        expect.objectContaining({ amount: quote.price, reason: 'Paid twice for the same package', orderRef: first.orderRef }),
      ]);
    });

    it('refuses bad input with 400 naming the field, before anything is set aside', async () => {
      const paid = await capturedPayment();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ amount: 1 }, 'reason', lifecycleMessages.refunds.reasonRequired],
        [{ amount: 1, reason: '   ' }, 'reason', lifecycleMessages.refunds.reasonRequired],
        [{ amount: 1, reason: 'x'.repeat(REFUND_REASON_MAX + 1) }, 'reason', lifecycleMessages.refunds.reasonTooLong(REFUND_REASON_MAX)],
        [{ reason: 'No amount' }, 'amount', lifecycleMessages.refunds.amountInvalid],
        [{ amount: 0, reason: 'Zero' }, 'amount', lifecycleMessages.refunds.amountInvalid],
        [{ amount: -5, reason: 'Negative' }, 'amount', lifecycleMessages.refunds.amountInvalid],
        [{ amount: 1.005, reason: 'Three decimals' }, 'amount', lifecycleMessages.refunds.amountInvalid],
        [{ amount: 'ten', reason: 'Words' }, 'amount', lifecycleMessages.refunds.amountInvalid],
        [{ amount: '', reason: 'Empty' }, 'amount', lifecycleMessages.refunds.amountInvalid],
      ];
      for (const [payload, field, message] of cases) expectError(await refund(paid.id, payload), 400, message, field);
      expectError(await refund(2_000_000_000, { amount: 1, reason: 'Nobody' }), 404, lifecycleMessages.refunds.notFound);
      expect(await refundRows(paid.id)).toEqual([]);
    });

    it('answers 502 and withdraws the refund when the provider does not make it; a later try goes through', async () => {
      const paid = await capturedPayment();
      const registry = s.t.app.deps.payments;
      const sandbox = registry.current;
      const refusing = { ...sandbox, refund: () => Promise.reject(new PaymentProviderError('card network down')) };
      s.t.app.deps.payments = providerRegistry(refusing, {}, (name) => new AppError(503, name));
      try {
        expectError(await refund(paid.id, { amount: 5, reason: 'Try' }), 502, lifecycleMessages.refunds.providerFailed);
      } finally {
        s.t.app.deps.payments = registry;
      }
      expect(await paymentRow(paid.id)).toMatchObject({ status: 'CAPTURED', refundedMinor: 0 });
      expect(await refundRows(paid.id)).toEqual([]);
      expect((await refund(paid.id, { amount: 5, reason: 'Try again' })).statusCode).toBe(200);
    });

    it('answers 503 naming a provider this deployment has no account for, and sets nothing aside', async () => {
      const paid = await capturedPayment();
      await s.t.db.update(payments).set({ provider: 'ngenius' }).where(eq(payments.id, paid.id));
      const res = await refund(paid.id, { amount: 5, reason: 'Elsewhere' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('"ngenius"');
      expect(await paymentRow(paid.id)).toMatchObject({ refundedMinor: 0 });
    });
  });

  describe("the customer's view of refunds", () => {
    it("never shows another customer's refunds: their shipment is a 404, and staff have no customer view", async () => {
      const paid = await capturedPayment();
      expect((await refund(paid.id, { amount: 3, reason: 'Private reason' })).statusCode).toBe(200);
      expectError(await customerRefunds(paid.shipmentDbId, s.bob.headers), 404, 'Shipment not found');
      expect((await customerRefunds(paid.shipmentDbId, s.staff)).statusCode).toBe(403);
      const bobs = await capturedPayment(s.bob);
      expect((await customerRefunds(bobs.shipmentDbId, s.bob.headers)).json().data).toEqual([]);
      expect(
        s.t
          .mailsTo(s.bob.email)
          .map(mailText)
          .some((m) => m.includes('Private reason')),
      ).toBe(false);
    });
  });

  it('links a sandbox payment page to its refunds only once the order is closed', async () => {
    const paid = await capturedPayment();
    const page = await s.t.app.inject({ method: 'GET', url: pathOf(`https://portal.hopbox.test/payments/sandbox/${paid.orderRef}`) });
    expect(page.body).toContain('already paid');
    expect(page.body).not.toContain('data-testid="refunds"');
  });
});
