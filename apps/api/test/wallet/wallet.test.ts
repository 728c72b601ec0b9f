import { type WalletResponse, walletMessages } from '@hopbox/contracts/wallet';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walletEntries, wallets } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import type { Headers, TestCustomer } from '../helper.ts';
import { addAddress, expectError, useTestApp } from '../helper.ts';

/**
 * The account balance (issue "When it goes wrong", decision 063): a ledger per customer and staff adjustments,
 * through HTTP on the embedded database and on PostgreSQL.
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
  const entriesOf = (userId: number) => s.t.db.select().from(walletEntries).where(eq(walletEntries.userId, userId));
  /** The cached balance is the sum of the ledger, and never below zero. */
  async function expectBalanceIsLedger(userId: number) {
    const [cached] = await s.t.db.select().from(wallets).where(eq(wallets.userId, userId));
    const sum = (await entriesOf(userId)).reduce((total, e) => total + e.amountMinor, 0);
    expect(cached?.balanceMinor ?? 0).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    return sum;
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
});
