import { canMove, PAYMENT_LIFECYCLE, PAYMENT_STATUSES } from '@hopbox/contracts/lifecycles';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema.ts';
import { movePayment } from '../../src/modules/payments/payments-repository.ts';
import { useTestApp } from '../helper.ts';

let counter = 0;

/**
 * Issue "Exactly once, in one place", lifecycles as tables: every (from, to) pair of the payment lifecycle moves
 * exactly when PAYMENT_LIFECYCLE allows it, through the one guarded move; the database refuses a status outside it.
 */
describe('the payment lifecycle', () => {
  const s = useTestApp(async (t) => ({ customer: await t.customer() }));

  async function paymentIn(status: string) {
    const ref = `lifecycle-${counter++}`;
    const [row] = await s.t.db
      .insert(payments)
      .values({
        userId: s.customer.id,
        kind: 'single',
        provider: 'sandbox',
        orderRef: ref,
        merchantReference: ref,
        amount: '10.00',
        currency: 'AED',
        status,
      })
      .returning();
    return row as NonNullable<typeof row>;
  }
  const statusOf = async (id: number) =>
    (await s.t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]?.status;

  const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s moves exactly when the table allows it', async (from, to) => {
    const payment = await paymentIn(from);
    const moved = await movePayment(s.t.db, payment.id, to);
    expect(moved !== undefined).toBe(canMove(PAYMENT_LIFECYCLE, from, to));
    expect(await statusOf(payment.id)).toBe(moved ? to : from);
  });

  it('has a row for every status; captured money only goes back, in part or in full, and REFUNDED is final', () => {
    expect(Object.keys(PAYMENT_LIFECYCLE.transitions).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const from of ['CAPTURED', 'NEEDS_ATTENTION', 'PARTIALLY_REFUNDED'] as const) {
      expect(PAYMENT_LIFECYCLE.transitions[from]).toEqual(['PARTIALLY_REFUNDED', 'REFUNDED']);
    }
    expect(PAYMENT_LIFECYCLE.transitions.REFUNDED).toEqual([]);
  });

  it('is enforced by the database: a status outside it is refused', async () => {
    const payment = await paymentIn('PENDING');
    await expect(s.t.db.execute(sql`update payments set status = 'PAID' where id = ${payment.id}`)).rejects.toThrow();
    expect(await statusOf(payment.id)).toBe('PENDING');
  });

  it('lets one of two racing moves win', async () => {
    const payment = await paymentIn('PENDING');
    const [a, b] = await Promise.all([movePayment(s.t.db, payment.id, 'CAPTURED'), movePayment(s.t.db, payment.id, 'EXPIRED')]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });
});
