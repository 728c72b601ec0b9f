import { toMinor } from '@hopbox/contracts/money';
import {
  DEFAULT_PACKAGE_REQUEST_FEES,
  packageRequestMessages as m,
  type PackageRequest,
  type StaffPackageRequest,
} from '@hopbox/contracts/package-requests';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, packageRequests, payments, walletEntries, wallets } from '../../src/db/schema.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import {
  expectError,
  type Headers,
  receivePackage,
  sandboxAnswer,
  staffAndCustomerAtHome,
  type TestCustomer,
  useTestApp,
} from '../helper.ts';

const CALLBACK = 'https://portal.hopbox.test/user/request-payment-callback';
const FEE = DEFAULT_PACKAGE_REQUEST_FEES.DISCARD;
type Link = { orderRef: string; amount: number; paid?: boolean; balanceUsed?: number; _links: { payment: { href: string } } };

/**
 * A return's or discard's fee is paid before the warehouse acts (decision 068): from the account balance, by card
 * through the usual payment flow, or both; staff act only once it is paid; a refusal gives a paid fee back to the
 * balance; the customer may withdraw an unpaid request. Through HTTP, on the embedded database and on PostgreSQL.
 */
describe('request fees', () => {
  const s = useTestApp(async (t) => ({ ...(await staffAndCustomerAtHome(t)), other: await t.customer() }));

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: Record<string, unknown>) =>
    s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const newCustomer = () => s.t.customer();
  const credit = async (c: TestCustomer, amount: number) => {
    const res = await inject('POST', `/api/staff/customers/${c.locker}/wallet-adjustments`, s.staff, { amount, reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const balanceOf = async (c: TestCustomer) => (await s.t.db.select().from(wallets).where(eq(wallets.userId, c.id)))[0]?.balanceMinor ?? 0;
  const entriesOf = (c: TestCustomer) => s.t.db.select().from(walletEntries).where(eq(walletEntries.userId, c.id));
  /** The cached balance is the ledger's sum, never below zero. */
  async function expectBalanceIsLedger(c: TestCustomer, minor: number) {
    const sum = (await entriesOf(c)).reduce((total, e) => total + e.amountMinor, 0);
    expect(await balanceOf(c)).toBe(sum);
    expect(sum).toBe(minor);
  }
  async function discardAsked(c: TestCustomer, type: 'DISCARD' | 'REPACK' = 'DISCARD') {
    const pkg = await receivePackage(s.t, s.staff, c.locker);
    const res = await inject('POST', `/api/user/received-packages/${pkg.id}/requests`, c.headers, { type });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as PackageRequest;
  }
  const pay = (c: TestCustomer, id: number, amount: number, useBalance = false) =>
    inject('POST', `/api/user/package-requests/${id}/payment`, c.headers, {
      amount: amount.toFixed(2),
      currency: 'AED',
      useBalance,
      redirectUrl: CALLBACK,
    });
  async function opened(c: TestCustomer, id: number, amount: number, useBalance = false) {
    const res = await pay(c, id, amount, useBalance);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Link;
  }
  const check = (c: TestCustomer, orderRef: string) => inject('POST', '/api/user/request-payment/check', c.headers, { orderRef });
  const move = (id: number, status: string, extra: Record<string, unknown> = {}) =>
    inject('PUT', `/api/staff/package-requests/${id}`, s.staff, { status, ...extra });
  const withdraw = (c: TestCustomer, id: number) => inject('PUT', `/api/user/package-requests/${id}/cancel`, c.headers);
  async function requestOf(c: TestCustomer, req: PackageRequest) {
    const res = await inject('GET', `/api/user/received-packages/${req.packageId}/requests`, c.headers);
    return (res.json().data as PackageRequest[]).find((r) => r.id === req.id) as PackageRequest;
  }
  async function queued(id: number) {
    const res = await inject('GET', '/api/staff/package-requests?status=OPEN&pageSize=100', s.staff);
    return (res.json().data as StaffPackageRequest[]).find((r) => r.id === id);
  }
  const paymentsOf = (c: TestCustomer) => s.t.db.select().from(payments).where(eq(payments.userId, c.id));

  it('asks a discard unpaid: the fee is due, staff cannot take or finish it (409 REQUEST_FEE_UNPAID), the queue says so', async () => {
    const c = await newCustomer();
    const req = await discardAsked(c);
    expect(req).toMatchObject({ status: 'REQUESTED', fee: FEE, amountDue: FEE, paidAt: null });
    expect(await queued(req.id)).toMatchObject({ amountDue: FEE, paidAt: null });
    const take = await move(req.id, 'IN_PROGRESS');
    expectError(take, 409, m.feeUnpaid);
    expect(take.json().code).toBe('REQUEST_FEE_UNPAID');
    expectError(await move(req.id, 'DONE'), 409, m.feeUnpaid);
    expect((await requestOf(c, req)).status).toBe('REQUESTED');
  });

  it('pays wholly from the balance: paid at once, no card, the warehouse may start; a second payment has nothing to pay', async () => {
    const c = await newCustomer();
    await credit(c, 20);
    const req = await discardAsked(c);
    const link = await opened(c, req.id, 0, true);
    expect(link).toMatchObject({ paid: true, amount: 0, balanceUsed: FEE });
    expect(link._links.payment.href).toContain('/user/request-payment-callback?ref=');
    expect((await check(c, link.orderRef)).json()).toMatchObject({ status: 'SUCCESS', captured: 1, hopboxId: req.hopboxId });
    const after = await requestOf(c, req);
    expect(after.amountDue).toBe(0);
    expect(after.paidAt).not.toBeNull();
    expect(await queued(req.id)).toMatchObject({ amountDue: 0 });
    await expectBalanceIsLedger(c, toMinor(20 - FEE));
    expect(await paymentsOf(c)).toMatchObject([{ kind: 'request', provider: 'balance', status: 'CAPTURED', packageRequestId: req.id }]);
    expectError(await pay(c, req.id, 0, true), 409, m.nothingToPay);

    expect((await move(req.id, 'IN_PROGRESS')).statusCode).toBe(200);
    const done = await move(req.id, 'DONE');
    expect(done.statusCode, done.body).toBe(200);
    const receipt = await s.t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, c.id), eq(outboxMessages.kind, 'shipmentPaid')));
    expect(receipt[0]?.textBody).toContain(`Discard (${req.hopboxId})`);
  });

  it('pays by card through the sandbox: the same order on a second click, unpaid until captured, then the warehouse may start', async () => {
    const c = await newCustomer();
    const req = await discardAsked(c);
    const link = await opened(c, req.id, FEE);
    expect(link.paid).toBeUndefined();
    expect((await opened(c, req.id, FEE)).orderRef).toBe(link.orderRef);
    expectError(await move(req.id, 'IN_PROGRESS'), 409, m.feeUnpaid);
    // The hosted page names the service and the package.
    const page = await s.t.app.inject({ method: 'GET', url: new URL(link._links.payment.href).pathname });
    expect(page.body).toContain(`Discard (${req.hopboxId})`);
    expect(page.body).toContain(`package=${req.hopboxId}`);
    // A withdrawal while the card page is open waits for it.
    expect((await withdraw(c, req.id)).json().code).toBe('PAYMENT_PENDING');

    expect((await sandboxAnswer(s.t, link._links.payment.href, 'pay')).statusCode).toBe(303);
    expect((await check(c, link.orderRef)).json()).toMatchObject({ status: 'SUCCESS', captured: 1, hopboxId: req.hopboxId });
    expect((await requestOf(c, req)).amountDue).toBe(0);
    expect((await move(req.id, 'IN_PROGRESS')).statusCode).toBe(200);
    expect(await paymentsOf(c)).toMatchObject([{ kind: 'request', status: 'CAPTURED', amount: FEE.toFixed(2), balanceMinor: 0 }]);
  });

  it('pays partly from the balance and the card the rest; a declined card gives the balance back and it can be paid again', async () => {
    const c = await newCustomer();
    await credit(c, 5);
    const req = await discardAsked(c);
    const first = await opened(c, req.id, FEE - 5, true);
    expect(first).toMatchObject({ amount: FEE - 5, balanceUsed: 5 });
    await expectBalanceIsLedger(c, 0);
    await sandboxAnswer(s.t, first._links.payment.href, 'decline');
    expect((await check(c, first.orderRef)).json()).toMatchObject({ status: 'FAILED', captured: 0 });
    await reconcilePendingPayments(s.t.app.deps, 0);
    await expectBalanceIsLedger(c, 500);
    expect((await requestOf(c, req)).amountDue).toBe(FEE);

    const second = await opened(c, req.id, FEE - 5, true);
    expect(second.orderRef).not.toBe(first.orderRef);
    await sandboxAnswer(s.t, second._links.payment.href, 'pay');
    expect((await check(c, second.orderRef)).json()).toMatchObject({ status: 'SUCCESS' });
    await expectBalanceIsLedger(c, 0);
    expect((await requestOf(c, req)).paidAt).not.toBeNull();
  });

  it('refuses an amount that is not the fee, or not what is left after the balance, with 409 AMOUNT_MISMATCH and changes nothing', async () => {
    const c = await newCustomer();
    const req = await discardAsked(c);
    const wrong = await pay(c, req.id, FEE - 1);
    expectError(wrong, 409, m.feeAmountMismatch(FEE, 'AED'));
    expect(wrong.json().code).toBe('AMOUNT_MISMATCH');
    await credit(c, 5);
    expect((await pay(c, req.id, FEE, true)).json().code).toBe('AMOUNT_MISMATCH');
    expect((await pay(c, req.id, 0)).statusCode).toBe(400);
    expect(await paymentsOf(c)).toHaveLength(0);
    await expectBalanceIsLedger(c, 500);
  });

  it('has nothing to pay for a repack (charged on the next shipment), nor for a fee of zero', async () => {
    const c = await newCustomer();
    const repack = await discardAsked(c, 'REPACK');
    expect(repack).toMatchObject({ amountDue: 0, paidAt: null });
    expectError(await pay(c, repack.id, repack.fee), 409, m.nothingToPay);
    expect((await move(repack.id, 'IN_PROGRESS')).statusCode).toBe(200);

    // A warehouse whose fee is zero: the request waits for nothing.
    const asked = await discardAsked(c);
    await s.t.db.update(packageRequests).set({ fee: '0.00' }).where(eq(packageRequests.id, asked.id));
    expect(await requestOf(c, asked)).toMatchObject({ fee: 0, amountDue: 0 });
    expectError(await pay(c, asked.id, 0, true), 409, m.nothingToPay);
    expect((await move(asked.id, 'IN_PROGRESS')).statusCode).toBe(200);
  });

  it('gives a paid fee back to the balance, card part included, once when staff refuse the request', async () => {
    const c = await newCustomer();
    await credit(c, 5);
    const req = await discardAsked(c);
    const link = await opened(c, req.id, FEE - 5, true);
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');
    expect((await check(c, link.orderRef)).json()).toMatchObject({ status: 'SUCCESS' });
    await expectBalanceIsLedger(c, 0);

    const refused = await move(req.id, 'REJECTED', { notes: 'Hazardous: we cannot dispose of it' });
    expect(refused.statusCode, refused.body).toBe(200);
    await expectBalanceIsLedger(c, toMinor(FEE));
    expect((await move(req.id, 'REJECTED')).json().code).toBe('INVALID_TRANSITION');
    await check(c, link.orderRef);
    await reconcilePendingPayments(s.t.app.deps, 0);
    await expectBalanceIsLedger(c, toMinor(FEE));
    expect((await entriesOf(c)).filter((e) => e.kind === 'PAYMENT_RETURNED')).toHaveLength(1);
    const mail = await s.t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, c.id), eq(outboxMessages.kind, 'packageRequest.rejected')));
    expect(mail[0]?.textBody).toContain('Returned to your account balance');

    // An unpaid request is refused for nothing.
    const unpaid = await discardAsked(c);
    expect((await move(unpaid.id, 'REJECTED')).statusCode).toBe(200);
    await expectBalanceIsLedger(c, toMinor(FEE));
  });

  it('lets the customer withdraw an unpaid request (the package is free again), not a paid or taken one', async () => {
    const c = await newCustomer();
    const req = await discardAsked(c);
    const res = await withdraw(c, req.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', amountDue: 0 });
    expectError(await withdraw(c, req.id), 409, m.cannotWithdraw);
    expectError(await pay(c, req.id, FEE), 409, m.nothingToPay);
    const again = await inject('POST', `/api/user/received-packages/${req.packageId}/requests`, c.headers, { type: 'DISCARD' });
    expect(again.statusCode, again.body).toBe(201);

    await credit(c, FEE);
    const paid = again.json().data as PackageRequest;
    await opened(c, paid.id, 0, true);
    expectError(await withdraw(c, paid.id), 409, m.cannotWithdraw);
    expect((await move(paid.id, 'IN_PROGRESS')).statusCode).toBe(200);
    expectError(await withdraw(c, paid.id), 409, m.cannotWithdraw);
  });

  it("answers 404 for another customer's request: its payment, its check and its withdrawal", async () => {
    const req = await discardAsked(s.customer);
    expectError(await pay(s.other, req.id, FEE), 404, m.requestNotFound);
    expectError(await withdraw(s.other, req.id), 404, m.requestNotFound);
    const link = await opened(s.customer, req.id, FEE);
    expect((await check(s.other, link.orderRef)).statusCode).toBe(404);
    expect((await check(s.customer, link.orderRef)).json()).toMatchObject({ status: 'PENDING' });
  });

  it('never takes the balance below zero nor pays a fee twice when twenty payments from the balance race', async () => {
    const c = await newCustomer();
    const reqs: PackageRequest[] = [];
    for (let i = 0; i < 5; i++) reqs.push(await discardAsked(c));
    // Enough for two and a half fees.
    await credit(c, FEE * 2.5);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(c, (reqs[i % reqs.length] as PackageRequest).id, 0, true)));
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid).toHaveLength(2);
    for (const a of paid) expect(a.json()).toMatchObject({ paid: true, amount: 0, balanceUsed: FEE });
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(['BALANCE_CHANGED', 'AMOUNT_MISMATCH', 'PAYMENT_PENDING', 'CONFLICT']).toContain(a.json().code);
    }
    await expectBalanceIsLedger(c, toMinor(FEE * 0.5));
    const rows = await s.t.db.select().from(packageRequests).where(eq(packageRequests.userId, c.id));
    expect(rows.filter((r) => r.paidAt !== null)).toHaveLength(2);
    const captured = (await paymentsOf(c)).filter((p) => p.status === 'CAPTURED');
    expect(captured).toHaveLength(2);
    expect(new Set(captured.map((p) => p.packageRequestId)).size).toBe(2);
    expect((await entriesOf(c)).filter((e) => e.kind === 'PAYMENT')).toHaveLength(2);
  });
});
