import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { payments, shipments } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';
import { addAddress, buildTestApp, receivePackage, sandboxAnswer, shippingQuote } from '../helper.ts';

/**
 * Issue "Survives its database" (decision 040): a captured payment whose shipment could not be written because
 * the database failed for a moment is not stranded. It stays PENDING; reconciliation tries again after a pause
 * and makes the shipment once, with one receipt.
 */
describe('finalizing a captured payment after a passing database failure', () => {
  const clock = settableClock();
  const built = buildTestApp({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '1', RECONCILE_INTERVAL_SECONDS: '0' }, { clock });
  afterAll(async () => (await built).close());

  it('answers 503, keeps the payment PENDING with its next try set, and reconciliation finalizes it once later', async () => {
    const t = await built;
    const staff = (await t.userWithToken('staff')).headers;
    const me = await t.customer();
    const home = await addAddress(t, me.headers);
    const pkg = await receivePackage(t, staff, me.locker);
    const quote = await shippingQuote(t, me.headers, [pkg], home.country);
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/user/shipment-payment/generate',
      headers: me.headers,
      payload: {
        shipmentId: 'TEMP_1',
        amount: quote.price.toFixed(2),
        currency: quote.currency,
        packages: [pkg.hopboxId],
        addressId: home.id,
      },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const { orderRef, _links } = generated.json() as { orderRef: string; _links: { payment: { href: string } } };
    expect((await sandboxAnswer(t, _links.payment.href, 'pay')).statusCode).toBe(303);
    await t.app.deps.mailWorker.runOnce();
    const mailsBefore = t.mailsTo(me.email).length;

    // Someone holds the shipments table longer than a statement may wait: the money is taken, the shipment cannot be written.
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    await admin.query('begin');
    await admin.query('lock table shipments in access exclusive mode');
    const check = () =>
      t.app.inject({ method: 'POST', url: '/api/user/shipment-payment/check', headers: me.headers, payload: { orderRef } });
    let first: Awaited<ReturnType<typeof check>>;
    try {
      first = await check();
    } finally {
      await admin.query('rollback');
      await admin.end();
    }
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    const [held] = await t.db.select().from(payments).where(eq(payments.orderRef, orderRef));
    expect(held).toMatchObject({ status: 'PENDING', finalizedAt: null, finalizeAttempts: 1 });
    expect(held?.nextFinalizeAt?.getTime()).toBe(clock.now().getTime() + 30_000);
    expect(held?.lastFinalizeError).toMatch(/statement timeout/);
    expect(await t.db.select().from(shipments).where(eq(shipments.userId, me.id))).toHaveLength(0);

    // Reconciliation leaves it alone until its next try is due, then makes the shipment.
    expect(await reconcilePendingPayments(t.app.deps, 0)).toEqual({ checked: 0, settled: 0 });
    clock.advance(30_000);
    expect(await reconcilePendingPayments(t.app.deps, 0)).toEqual({ checked: 1, settled: 1 });
    const [paid] = await t.db.select().from(payments).where(eq(payments.orderRef, orderRef));
    expect(paid?.status).toBe('CAPTURED');
    const made = await t.db.select().from(shipments).where(eq(shipments.userId, me.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ paymentStatus: 'Paid', paymentReference: orderRef });

    // The customer's page, tried again, sees the shipment; nothing is made or mailed twice.
    const again = await check();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentId: made[0]?.shipmentId });
    expect(await reconcilePendingPayments(t.app.deps, 0)).toEqual({ checked: 0, settled: 0 });
    await t.app.deps.mailWorker.runOnce();
    const receipts = t.mailsTo(me.email).slice(mailsBefore);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatch(/^Subject: .*payment/im);
    expect(await t.db.select().from(shipments).where(eq(shipments.userId, me.id))).toHaveLength(1);
  });
});
