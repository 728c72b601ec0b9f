import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxOrders } from '../../db/schema.ts';
import type { OrderState, PaymentProvider } from './payment-provider.ts';

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
  };
}
