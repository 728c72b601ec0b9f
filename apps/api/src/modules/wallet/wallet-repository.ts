import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import type { WalletEntryKind } from '@hopbox/contracts/wallet';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { payments, walletEntries, wallets } from '../../db/schema.ts';

/**
 * The account balance's ledger (decision 063). Every change is an entry and a move of the cached balance, written
 * together in the caller's transaction; amounts are whole minor units. A debit is one guarded update
 * (`balance_minor >= x`): of concurrent debits that together exceed the balance, the later ones find it too low and
 * take nothing, on PostgreSQL (the row's lock, then the condition read again) as on the embedded database.
 */

/** The customer's balance in minor units, and its currency; 0 before the first entry. */
export async function balanceOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ balanceMinor: wallets.balanceMinor, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .limit(1);
  return row ?? { balanceMinor: 0, currency: DEFAULT_CURRENCY };
}

async function addToBalance(db: Executor, userId: number, minor: number) {
  const [row] = await db
    .insert(wallets)
    .values({ userId, balanceMinor: minor })
    .onConflictDoUpdate({ target: wallets.userId, set: { balanceMinor: sql`${wallets.balanceMinor} + ${minor}` } })
    .returning({ balanceMinor: wallets.balanceMinor });
  return row?.balanceMinor ?? 0;
}

/** Takes `minor` from the balance only while it holds that much: answers the balance left, or undefined (nothing taken). */
async function takeFromBalance(db: Executor, userId: number, minor: number) {
  const [row] = await db
    .update(wallets)
    .set({ balanceMinor: sql`${wallets.balanceMinor} - ${minor}` })
    .where(and(eq(wallets.userId, userId), gte(wallets.balanceMinor, minor)))
    .returning({ balanceMinor: wallets.balanceMinor });
  return row?.balanceMinor;
}

/**
 * Credits `minor` (> 0) to the customer's balance with an entry of `kind`: what a claim's approval (CLAIM_CREDIT)
 * calls, in the transaction that approves it. Answers the new balance.
 */
export async function credit(db: Executor, userId: number, minor: number, kind: WalletEntryKind, reference: string | null) {
  if (!Number.isInteger(minor) || minor <= 0) throw new Error(`a credit is a positive whole number of minor units, not ${minor}`);
  await db.insert(walletEntries).values({ userId, amountMinor: minor, kind, reference });
  return addToBalance(db, userId, minor);
}

/**
 * A staff adjustment: a credit, or a deduction only as far as the balance goes. Answers the new balance, or undefined
 * when a deduction would take it below zero (nothing written).
 */
export async function adjust(db: Executor, userId: number, minor: number, staffUserId: number, reason: string) {
  const after = minor > 0 ? await addToBalance(db, userId, minor) : await takeFromBalance(db, userId, -minor);
  if (after === undefined) return undefined;
  await db.insert(walletEntries).values({ userId, amountMinor: minor, kind: 'STAFF_ADJUSTMENT', reference: reason, staffUserId });
  return after;
}

/**
 * Takes a payment's balance part, once, in the transaction that writes the payment: false when the balance no
 * longer holds it (a concurrent payment or a deduction took from it), and then nothing is taken.
 */
export async function debitForPayment(db: Executor, payment: { id: number; userId: number; balanceMinor: number; orderRef: string }) {
  if (payment.balanceMinor <= 0) return true;
  if ((await takeFromBalance(db, payment.userId, payment.balanceMinor)) === undefined) return false;
  await db.insert(walletEntries).values({
    userId: payment.userId,
    amountMinor: -payment.balanceMinor,
    kind: 'PAYMENT',
    reference: payment.orderRef,
    paymentId: payment.id,
  });
  return true;
}

/**
 * Gives a payment's balance part back, at most once whoever asks and however often: the entry is unique per payment,
 * and the balance moves only when this call wrote it. Called with the payment's move out of PENDING that made no
 * shipment (FAILED, EXPIRED, NEEDS_ATTENTION), in the same transaction, and before an unopened payment is discarded.
 */
export async function giveBackForPayment(db: Executor, payment: { id: number; userId: number; balanceMinor: number; orderRef: string }) {
  if (payment.balanceMinor <= 0) return;
  const written = await db
    .insert(walletEntries)
    .values({
      userId: payment.userId,
      amountMinor: payment.balanceMinor,
      kind: 'PAYMENT_RETURNED',
      reference: payment.orderRef,
      paymentId: payment.id,
    })
    .onConflictDoNothing()
    .returning({ id: walletEntries.id });
  if (written.length > 0) await addToBalance(db, payment.userId, payment.balanceMinor);
}

/**
 * One page of the customer's entries, newest first, and how many there are (along wallet_entries_user_created_idx).
 * A payment's entry reads the payment's reference as the customer knows it (the provider's, once its order exists);
 * the entry itself keeps the merchant reference it was written with.
 */
export async function listEntries(db: Executor, userId: number, page: { page: number; pageSize: number }) {
  const mine = eq(walletEntries.userId, userId);
  return pageWithTotal(
    db
      .select({
        createdAt: walletEntries.createdAt,
        amountMinor: walletEntries.amountMinor,
        kind: walletEntries.kind,
        reference: sql<string | null>`coalesce(${payments.orderRef}, ${walletEntries.reference})`,
      })
      .from(walletEntries)
      .leftJoin(payments, eq(payments.id, walletEntries.paymentId))
      .where(mine)
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .$dynamic(),
    db.select({ n: count() }).from(walletEntries).where(mine),
    page,
  );
}
