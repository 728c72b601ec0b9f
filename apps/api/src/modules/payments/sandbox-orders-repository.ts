import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxOrders, sandboxRefunds } from '../../db/schema.ts';

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

/** The sandbox provider's order behind a hosted-page reference. */
export async function findSandboxOrder(db: Executor, reference: string): Promise<SandboxOrderRow | undefined> {
  const [order] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.reference, reference)).limit(1);
  return order;
}

/** Pay or Decline on the hosted page; only an order still STARTED changes, so a second answer is ignored. */
export async function answerSandboxOrder(db: Executor, reference: string, state: 'CAPTURED' | 'DECLINED') {
  await db
    .update(sandboxOrders)
    .set({ state })
    .where(and(eq(sandboxOrders.reference, reference), eq(sandboxOrders.state, 'STARTED')));
}

/** What the sandbox gave back of an order, oldest first: its page lists them. */
export async function sandboxRefundsOf(db: Executor, reference: string) {
  return db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.orderReference, reference))
    .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.reference));
}
