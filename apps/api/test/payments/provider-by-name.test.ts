import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema.ts';
import { AppError } from '../../src/lib/errors.ts';
import type { PaymentProvider } from '../../src/providers/payments/payment-provider.ts';
import { providerRegistry } from '../../src/providers/registry.ts';
import { addAddress, openSinglePayment, receivePackage, sandboxAnswer, useTestApp } from '../helper.ts';

/**
 * Issue "Exactly once, in one place", providers by name: a payment is settled with the provider it was opened
 * with, whatever PAYMENT_PROVIDER says now; one whose provider this deployment cannot reach answers 503 naming it.
 */
describe('a payment keeps the provider it was opened with', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const home = await addAddress(t, customer.headers);
    return { staff, customer, home };
  });

  /** A provider that must not be asked: the current one after a switch. */
  const untouchable = (name: string): PaymentProvider => ({
    name,
    createOrder: () => Promise.reject(new Error(`${name} was asked to open an order`)),
    orderState: () => Promise.reject(new Error(`${name} was asked about an order it never opened`)),
    refund: () => Promise.reject(new Error(`${name} was asked to refund an order it never opened`)),
    parseWebhook: () => Promise.reject(new Error(`${name} was asked to read a notification`)),
  });

  const openSandboxPayment = async () =>
    openSinglePayment(s.t, s.customer.headers, await receivePackage(s.t, s.staff, s.customer.locker), s.home);
  const check = (orderRef: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/shipment-payment/check', headers: s.customer.headers, payload: { orderRef } });

  it('settles a sandbox payment with the sandbox after the current provider changed', async () => {
    const link = await openSandboxPayment();
    const registry = s.t.app.deps.payments;
    const sandbox = registry.current;
    // PAYMENT_PROVIDER changed: the current provider is another one now, which must never hear of this payment.
    s.t.app.deps.payments = providerRegistry(untouchable('ngenius'), { sandbox: () => sandbox }, (name) => new AppError(503, name));
    try {
      await sandboxAnswer(s.t, link._links.payment.href, 'pay');
      expect((await check(link.orderRef)).json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
    } finally {
      s.t.app.deps.payments = registry;
    }
  });

  it('answers 503 naming a provider this deployment has no account for, and leaves the payment pending', async () => {
    const link = await openSandboxPayment();
    // Opened with N-Genius by a deployment that had its account.
    await s.t.db.update(payments).set({ provider: 'ngenius' }).where(eq(payments.orderRef, link.orderRef));
    const res = await check(link.orderRef);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('"ngenius"') });
    expect((await s.t.db.select().from(payments).where(eq(payments.orderRef, link.orderRef)))[0]).toMatchObject({ status: 'PENDING' });
  });
});
