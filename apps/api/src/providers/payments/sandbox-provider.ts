import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxOrders, sandboxRefunds } from '../../db/schema.ts';
import { type OrderState, type PaymentProvider, PaymentProviderError, WebhookRejected } from './payment-provider.ts';

/** The hosted page of the sandbox lives on this app, at /payments/sandbox/{reference}. */
export function createSandboxProvider(db: Executor, publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createOrder(order) {
      const reference = `sbx-${randomUUID()}`;
      await db.insert(sandboxOrders).values({
        reference,
        merchantReference: order.merchantReference,
        amountMinor: order.amountMinor,
        currency: order.currency,
        redirectUrl: order.redirectUrl,
      });
      return { reference, paymentUrl: `${publicUrl}/payments/sandbox/${reference}` };
    },
    async orderState(reference): Promise<OrderState> {
      const [row] = await db
        .select({ state: sandboxOrders.state })
        .from(sandboxOrders)
        .where(eq(sandboxOrders.reference, reference))
        .limit(1);
      if (!row) return 'FAILED';
      if (row.state === 'CAPTURED') return 'CAPTURED';
      if (row.state === 'DECLINED') return 'FAILED';
      return 'PENDING';
    },
    /** As a real provider does: only a captured order, in its own currency, and never more than was captured. */
    async refund(orderRef, amount) {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(sandboxOrders).where(eq(sandboxOrders.reference, orderRef)).for('update').limit(1);
        if (order?.state !== 'CAPTURED') throw new PaymentProviderError(`sandbox order ${orderRef} is not captured`);
        if (order.currency !== amount.currency) throw new PaymentProviderError(`sandbox order ${orderRef} is in ${order.currency}`);
        const [done] = await tx
          .select({ minor: sql<number>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.orderReference, orderRef));
        if ((done?.minor ?? 0) + amount.amountMinor > order.amountMinor) {
          throw new PaymentProviderError(`sandbox order ${orderRef}: the refund is more than is left of it`);
        }
        const reference = `sbx-rf-${randomUUID()}`;
        await tx.insert(sandboxRefunds).values({ reference, orderReference: orderRef, amountMinor: amount.amountMinor });
        return { reference };
      });
    },
    /** The sandbox's page sends the customer back itself; it sends no notifications, so none is genuine. */
    async parseWebhook() {
      throw new WebhookRejected(401, 'Invalid webhook secret');
    },
  };
}
