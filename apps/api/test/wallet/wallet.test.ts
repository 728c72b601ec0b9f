import { subtractMoney, timesMoney, toMajor, toMinor } from '@hopbox/contracts/money';
import type { Package } from '@hopbox/contracts/packages';
import { ACCOUNT_BALANCE_LINE } from '@hopbox/contracts/price-breakdown';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { type WalletResponse, walletMessages } from '@hopbox/contracts/wallet';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, sandboxOrders, shipments, walletEntries, wallets } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { discardUnopenedPayment, movePayment } from '../../src/modules/payments/payments-repository.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import { giveBackForPayment } from '../../src/modules/wallet/wallet-repository.ts';
import type { Headers, TestCustomer } from '../helper.ts';
import {
  addAddress,
  createConsolidation,
  expectError,
  mailText,
  PACKED_BOX,
  pathOf,
  receivePackage,
  sandboxAnswer,
  shippingQuote,
  staffUpdateShipment,
  useTestApp,
} from '../helper.ts';

const CALLBACK = 'https://portal.hopbox.test/user/shipment-payment-callback';
type Json = Record<string, unknown> & { orderRef: string; amount: number; _links: { payment: { href: string } } };
type Answer = { statusCode: number; body: string; json(): Json };

/**
 * The account balance (issue "When it goes wrong", decision 063): a ledger per customer, staff adjustments, and
 * paying partly or wholly from it, through HTTP on the embedded database and on PostgreSQL.
 */
describe('account balance', () => {
  const clock = settableClock();
  const s = useTestApp({}, async (t) => ({ staff: (await t.userWithToken('staff')).headers }), { clock });

  const wallet = async (c: { headers: Headers }, query = '') => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/user/wallet${query}`, headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WalletResponse;
  };
  const adjust = (locker: string, amount: number | string, reason = 'Goodwill', headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'POST', url: `/api/staff/customers/${locker}/wallet-adjustments`, headers, payload: { amount, reason } });
  const credit = async (c: TestCustomer, amount: number) => {
    const res = await adjust(c.locker, amount);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A customer with a saved address, of their own. */
  const newCustomer = async () => {
    const c = await s.t.customer();
    return { c, home: await addAddress(s.t, c.headers, { label: 'Home' }) };
  };
  const priceOf = async (c: TestCustomer, pkg: Package, country: string) => (await shippingQuote(s.t, c.headers, [pkg], country)).price;
  const generate = (c: TestCustomer, pkg: Package, addressId: number, amount: number, useBalance = true) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipment-payment/generate',
      headers: c.headers,
      payload: { amount: amount.toFixed(2), currency: 'AED', packages: [pkg.hopboxId], addressId, redirectUrl: CALLBACK, useBalance },
    }) as unknown as Promise<Answer>;
  const check = (c: TestCustomer, orderRef: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/shipment-payment/check', headers: c.headers, payload: { orderRef } });
  const paymentRow = async (orderRef: string) => (await s.t.db.select().from(payments).where(eq(payments.orderRef, orderRef)))[0];
  const sandboxOrder = async (orderRef: string) =>
    (await s.t.db.select().from(sandboxOrders).where(eq(sandboxOrders.reference, orderRef)))[0];
  const entriesOf = (userId: number) => s.t.db.select().from(walletEntries).where(eq(walletEntries.userId, userId));
  /** The cached balance is the sum of the ledger, and never below zero. */
  async function expectBalanceIsLedger(userId: number) {
    const [cached] = await s.t.db.select().from(wallets).where(eq(wallets.userId, userId));
    const sum = (await entriesOf(userId)).reduce((total, e) => total + e.amountMinor, 0);
    expect(cached?.balanceMinor ?? 0).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    return sum;
  }
  /** The text of the customer's mail that mentions `text`, once the outbox has sent it (in the background). */
  async function mailWith(c: TestCustomer, text: string) {
    for (let i = 0; i < 100; i++) {
      const found = s.t
        .mailsTo(c.email)
        .map(mailText)
        .find((m) => m.includes(text));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    return '';
  }

  /** A new customer with `balance` who opens a card payment for a package, the balance paying part of it. */
  async function payPartlyFromBalance(balance: number) {
    const { c, home } = await newCustomer();
    await credit(c, balance);
    const pkg = await receivePackage(s.t, s.staff, c.locker);
    const price = await priceOf(c, pkg, home.country);
    const res = await generate(c, pkg, home.id, subtractMoney(price, balance));
    expect(res.statusCode, res.body).toBe(200);
    return { c, link: res.json() };
  }

  it('answers an empty wallet for a new customer', async () => {
    const { c } = await newCustomer();
    expect(await wallet(c)).toEqual({
      success: true,
      data: { balance: 0, currency: 'AED', entries: [] },
      total: 0,
      page: 1,
      pageSize: 10,
    });
  });

  it('lists credits and debits newest first, a page at a time, and shows each customer only their own', async () => {
    const { c } = await newCustomer();
    const other = await newCustomer();
    await credit(c, 30);
    clock.advance(1000);
    await credit(c, 20.5);
    clock.advance(1000);
    const deduction = await adjust(c.locker, '-10.25', 'Correction');
    expect(deduction.statusCode, deduction.body).toBe(200);
    expect(deduction.json()).toEqual({ success: true, data: { balance: 40.25, currency: 'AED' } });

    const all = await wallet(c);
    expect(all.data.balance).toBe(40.25);
    expect(all.total).toBe(3);
    expect(all.data.entries.map((e) => [e.amount, e.kind, e.reference])).toEqual([
      [-10.25, 'STAFF_ADJUSTMENT', 'Correction'],
      [20.5, 'STAFF_ADJUSTMENT', 'Goodwill'],
      [30, 'STAFF_ADJUSTMENT', 'Goodwill'],
    ]);
    const second = await wallet(c, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.data.entries.map((e) => e.amount)).toEqual([30]);
    expect(second.data.balance).toBe(40.25);

    expect((await wallet(other.c)).data).toEqual({ balance: 0, currency: 'AED', entries: [] });
    // Staff read it by locker number; a customer cannot use the staff routes, nor staff the customer's.
    const staffView = await s.t.app.inject({ method: 'GET', url: `/api/staff/customers/${c.locker}/wallet`, headers: s.staff });
    expect(staffView.json()).toMatchObject({ data: { balance: 40.25 }, total: 3 });
    expect((await adjust(other.c.locker, 1000, 'Mine', c.headers)).statusCode).toBe(403);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/user/wallet', headers: s.staff })).statusCode).toBe(403);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/user/wallet?pageSize=0', headers: c.headers })).statusCode).toBe(400);
    await expectBalanceIsLedger(c.id);
  });

  it('refuses a deduction past the balance and bad adjustments, changing nothing, and audits each adjustment', async () => {
    const { c } = await newCustomer();
    await credit(c, 5);
    const tooMuch = await adjust(c.locker, -5.01);
    expectError(tooMuch, 409, walletMessages.balanceTooLow(5, 'AED'), 'amount');
    expect(tooMuch.json().code).toBe('BALANCE_TOO_LOW');
    expectError(await adjust(c.locker, 0), 400, walletMessages.amountInvalid, 'amount');
    expectError(await adjust(c.locker, 1.005), 400, walletMessages.amountInvalid, 'amount');
    expectError(await adjust(c.locker, 1, '  '), 400, walletMessages.reasonRequired, 'reason');
    expectError(await adjust('HB999999', 1), 404, walletMessages.customerNotFound);
    expect((await wallet(c)).data.balance).toBe(5);
    const audit = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/wallet/${c.id}`, headers: s.staff });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toEqual([
      expect.objectContaining({ action: 'wallet_adjustment', after: { balance: 5, amount: 5, reason: 'Goodwill' } }),
    ]);
  });

  it('pays part of a package from the balance: the breakdown shows it, the card is charged the rest, the balance is taken once', async () => {
    const { c, home } = await newCustomer();
    await credit(c, 10);
    const pkg = await receivePackage(s.t, s.staff, c.locker);
    const price = await priceOf(c, pkg, home.country);
    const card = subtractMoney(price, 10);

    // The whole price with the balance asked for is not what the card is charged.
    const wrong = await generate(c, pkg, home.id, price);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', message: walletMessages.cardAmountMismatch(card, 10, 'AED') });

    const link = await generate(c, pkg, home.id, card);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ amount: card, balanceUsed: 10, currency: 'AED' });
    expect(link.json().paid).toBeUndefined();
    expect((await sandboxOrder(link.json().orderRef))?.amountMinor).toBe(toMinor(card));
    // Taken at once, with the payment that holds it; a second click answers the same payment and takes nothing more.
    expect((await wallet(c)).data.balance).toBe(0);
    const again = await generate(c, pkg, home.id, 0);
    expect(again.statusCode).toBe(409);
    const same = await generate(c, pkg, home.id, card);
    expect(same.statusCode).toBe(200);
    expect(same.json().orderRef).toBe(link.json().orderRef);
    expect((await wallet(c)).data.entries).toEqual([
      expect.objectContaining({ amount: -10, kind: 'PAYMENT', reference: link.json().orderRef }),
      expect.objectContaining({ amount: 10, kind: 'STAFF_ADJUSTMENT' }),
    ]);

    // The hosted page lists the price, then the balance as a negative line; the total is the card's part.
    const page = await s.t.app.inject({ method: 'GET', url: pathOf(link.json()._links.payment.href) });
    expect(page.body).toContain(ACCOUNT_BALANCE_LINE);
    expect(page.body).toContain('-10.00 AED');

    expect((await sandboxAnswer(s.t, link.json()._links.payment.href, 'pay')).statusCode).toBe(303);
    const checked = (await check(c, link.json().orderRef)).json();
    expect(checked).toMatchObject({ success: true, status: 'SUCCESS' });
    const [shipment] = await s.t.db.select().from(shipments).where(eq(shipments.paymentReference, link.json().orderRef));
    // The shipment costs its whole price; the payment keeps what each side paid.
    expect(Number(shipment?.amount)).toBe(price);
    expect(await paymentRow(link.json().orderRef)).toMatchObject({ status: 'CAPTURED', amount: card.toFixed(2), balanceMinor: 1000 });
    expect((await wallet(c)).data.balance).toBe(0);
    // The receipt lists the balance's line too.
    expect(await mailWith(c, link.json().orderRef)).toContain(ACCOUNT_BALANCE_LINE);
    await expectBalanceIsLedger(c.id);

    // A refund goes back to the card, at most the card's part.
    const refund = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${(await paymentRow(link.json().orderRef))?.id}/refund`,
      headers: s.staff,
      payload: { amount: price, reason: 'Too much' },
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().code).toBe('REFUND_EXCEEDS_CAPTURED');
    // Staff see both parts in the Payments list: the card's to refund, the balance's to credit back.
    const list = await s.t.app.inject({ method: 'GET', url: '/api/staff/payments?status=CAPTURED&pageSize=100', headers: s.staff });
    expect(list.json().data.find((p: { orderRef: string }) => p.orderRef === link.json().orderRef)).toMatchObject({
      amount: card,
      balanceAmount: 10,
      refundedAmount: 0,
    });
  });

  it('pays a package wholly from the balance: no card order, the shipment is paid at once, its receipt sent', async () => {
    const { c, home } = await newCustomer();
    await credit(c, 1000);
    const pkg = await receivePackage(s.t, s.staff, c.locker);
    const price = await priceOf(c, pkg, home.country);
    const orders = (await s.t.db.select({ n: sql<number>`count(*)::int` }).from(sandboxOrders))[0]?.n;

    // Nothing for the card is 0: without the balance a zero amount is refused as before.
    expectError(await generate(c, pkg, home.id, 0, false), 400, 'Invalid payment amount', 'amount');
    const link = await generate(c, pkg, home.id, 0);
    expect(link.statusCode, link.body).toBe(200);
    const { orderRef } = link.json();
    expect(link.json()).toMatchObject({ amount: 0, balanceUsed: price, paid: true });
    expect(link.json()._links.payment.href).toBe(`${CALLBACK}?ref=${orderRef}`);
    expect((await s.t.db.select({ n: sql<number>`count(*)::int` }).from(sandboxOrders))[0]?.n).toBe(orders);

    // The callback page's check answers as after a card's capture.
    const checked = (await check(c, orderRef)).json();
    expect(checked).toMatchObject({ success: true, captured: 1, status: 'SUCCESS' });
    const [shipment] = await s.t.db.select().from(shipments).where(eq(shipments.paymentReference, orderRef));
    expect(shipment).toMatchObject({ shipmentId: checked.shipmentId, paymentStatus: 'Paid', shipmentStatus: 'Finalized' });
    expect(Number(shipment?.amount)).toBe(price);
    expect(await paymentRow(orderRef)).toMatchObject({ status: 'CAPTURED', provider: 'balance', balanceMinor: toMinor(price) });
    expect((await wallet(c)).data.balance).toBe(subtractMoney(1000, price));
    expect(await mailWith(c, orderRef)).toContain(ACCOUNT_BALANCE_LINE);
    // The package is shipped: paying for it again is refused, and nothing more is taken.
    expect((await generate(c, pkg, home.id, 0)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await expectBalanceIsLedger(c.id)).toBe(100_000 - toMinor(price));

    // Nothing was charged to a card: a refund through the provider is refused, saying so.
    const refund = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${(await paymentRow(orderRef))?.id}/refund`,
      headers: s.staff,
      payload: { amount: 1, reason: 'Lost' },
    });
    expectError(refund, 400, walletMessages.paidFromBalance, 'amount');
  });

  it('pays a consolidation partly from the balance', async () => {
    const { c, home } = await newCustomer();
    await credit(c, 25);
    const pkgs = [await receivePackage(s.t, s.staff, c.locker), await receivePackage(s.t, s.staff, c.locker)];
    const consolidation = await createConsolidation(s.t, c.headers, pkgs, home);
    const ready = await staffUpdateShipment(s.t, s.staff, consolidation.id, {
      readyToShip: true,
      consolidationStatus: 'Completed',
      ...PACKED_BOX,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const listed = (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: c.headers })).json()
      .data as ConsolidatedShipment[];
    const price = Number(listed.find((r) => r.id === consolidation.id)?.amount);
    const card = subtractMoney(price, 25);
    const link = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/consolidation-payment/generate',
      headers: c.headers,
      payload: { shipmentIds: [consolidation.id], amount: card.toFixed(2), currency: 'AED', useBalance: true },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ amount: card, balanceUsed: 25 });
    expect((await sandboxAnswer(s.t, link.json()._links.payment.href, 'pay')).statusCode).toBe(303);
    const checked = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/consolidation-payment/check',
      headers: c.headers,
      payload: { orderRef: link.json().orderRef },
    });
    expect(checked.json()).toMatchObject({ success: true, status: 'SUCCESS' });
    const [row] = await s.t.db.select().from(shipments).where(eq(shipments.id, consolidation.id));
    expect(row).toMatchObject({ paymentStatus: 'Paid' });
    expect((await wallet(c)).data.balance).toBe(0);
  });

  it('never takes the balance below zero when twenty payments race: each is paid in full or refused with a 409', async () => {
    const { c, home } = await newCustomer();
    const pkgs: Package[] = [];
    for (let i = 0; i < 20; i++) pkgs.push(await receivePackage(s.t, s.staff, c.locker));
    const price = await priceOf(c, pkgs[0] as Package, home.country);
    // Enough for five and a half payments.
    const start = timesMoney(price, 5.5);
    await credit(c, start);

    // Every browser read the balance before any paid, so each expects the balance to cover its package.
    const answers = await Promise.all(pkgs.map((pkg) => generate(c, pkg, home.id, 0)));
    const paid = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(paid).toHaveLength(5);
    for (const a of paid) expect(a.json()).toMatchObject({ paid: true, amount: 0, balanceUsed: price });
    for (const a of refused) {
      expect(a.statusCode, a.body).toBe(409);
      expect(['BALANCE_CHANGED', 'AMOUNT_MISMATCH']).toContain(a.json().code);
    }
    const left = toMinor(start) - 5 * toMinor(price);
    expect(await expectBalanceIsLedger(c.id)).toBe(left);
    // Refused payments left nothing behind: no payment row, no debit, their packages still payable.
    expect((await s.t.db.select().from(payments).where(eq(payments.userId, c.id))).length).toBe(5);
    const shipped = await s.t.db.select().from(shipments).where(eq(shipments.userId, c.id));
    expect(shipped).toHaveLength(5);

    // What is left pays part of the next one, the card the rest.
    const next = refused[0] ? pkgs[answers.indexOf(refused[0])] : undefined;
    const part = await generate(c, next as Package, home.id, toMajor(toMinor(price) - left));
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ balanceUsed: left / 100 });
    expect(await expectBalanceIsLedger(c.id)).toBe(0);
  });

  it('gives the balance back exactly once when a payment is declined, however often it is settled', async () => {
    const { c, link } = await payPartlyFromBalance(10);
    expect((await wallet(c)).data.balance).toBe(0);

    await sandboxAnswer(s.t, link._links.payment.href, 'decline');
    expect((await check(c, link.orderRef)).json()).toMatchObject({ status: 'FAILED' });
    await reconcilePendingPayments(s.t.app.deps, 0);
    clock.advance(16 * 60_000);
    await reconcilePendingPayments(s.t.app.deps, 0);
    await check(c, link.orderRef);
    // Even asked directly again, and the move tried again, the give-back is written once.
    const row = await paymentRow(link.orderRef);
    if (!row) throw new Error('no payment');
    await giveBackForPayment(s.t.db, row);
    expect(await movePayment(s.t.db, row.id, 'FAILED')).toBeUndefined();

    const entries = (await wallet(c)).data.entries;
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['PAYMENT_RETURNED', 10],
      ['PAYMENT', -10],
      ['STAFF_ADJUSTMENT', 10],
    ]);
    expect(await expectBalanceIsLedger(c.id)).toBe(1000);
  });

  it('gives the balance back when a payment whose order never opened at the provider is discarded', async () => {
    const { c, link } = await payPartlyFromBalance(10);
    const row = await paymentRow(link.orderRef);
    if (!row) throw new Error('no payment');
    // As if the provider had refused the order: the row has no page yet.
    await s.t.db.update(payments).set({ paymentUrl: null }).where(eq(payments.id, row.id));
    await discardUnopenedPayment(s.t.db, row.id);
    await discardUnopenedPayment(s.t.db, row.id);
    expect(await paymentRow(link.orderRef)).toBeUndefined();
    expect((await wallet(c)).data.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['PAYMENT_RETURNED', 10],
      ['PAYMENT', -10],
      ['STAFF_ADJUSTMENT', 10],
    ]);
    expect(await expectBalanceIsLedger(c.id)).toBe(1000);
  });

  it('gives the balance back once when a payment expires, and not again when a late capture needs attention', async () => {
    const { c, link } = await payPartlyFromBalance(10);
    clock.advance(31 * 60_000);
    await Promise.all([reconcilePendingPayments(s.t.app.deps, 0), reconcilePendingPayments(s.t.app.deps, 0)]);
    await reconcilePendingPayments(s.t.app.deps, 0);
    expect(await paymentRow(link.orderRef)).toMatchObject({ status: 'EXPIRED' });
    expect(await expectBalanceIsLedger(c.id)).toBe(1000);

    // The customer pays on the page kept open: the card's money needs attention; the balance was given back already.
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');
    expect((await check(c, link.orderRef)).json()).toMatchObject({ status: 'NEEDS_ATTENTION' });
    expect(await expectBalanceIsLedger(c.id)).toBe(1000);
    expect((await entriesOf(c.id)).filter((e) => e.kind === 'PAYMENT_RETURNED')).toHaveLength(1);
  });
});
