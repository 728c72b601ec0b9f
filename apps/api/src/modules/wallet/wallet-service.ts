import { toMajor, toMinor } from '@hopbox/contracts/money';
import type { WalletEntryKind, WalletResponse, walletAdjustmentSchema } from '@hopbox/contracts/wallet';
import { walletMessages } from '@hopbox/contracts/wallet';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findUserByLockerNumber } from '../auth/users-repository.ts';
import { pageRequestOf } from '../packages/packages-repository.ts';
import * as repo from './wallet-repository.ts';

/** The balance and one page of its entries, newest first (decision 063). */
async function walletOf(deps: AppDeps, userId: number, query: { page?: number; pageSize?: number }): Promise<WalletResponse> {
  const page = pageRequestOf(query);
  const [balance, { rows, total }] = await Promise.all([repo.balanceOf(deps.db, userId), repo.listEntries(deps.db, userId, page)]);
  return {
    success: true,
    data: {
      balance: toMajor(balance.balanceMinor),
      currency: balance.currency,
      entries: rows.map((r) => ({
        at: r.createdAt.toISOString(),
        amount: toMajor(r.amountMinor),
        kind: r.kind as WalletEntryKind,
        reference: r.reference,
      })),
    },
    total,
    ...page,
  };
}

/** GET /api/user/wallet: the signed-in customer's own balance and entries. */
export const customerWallet = walletOf;

async function customerByLocker(deps: AppDeps, lockerNumber: string) {
  const user = await findUserByLockerNumber(deps.db, lockerNumber);
  if (user?.role !== 'user') throw notFound(walletMessages.customerNotFound);
  return user;
}

/** Staff read a customer's balance by locker number, before adjusting it. */
export async function staffWallet(deps: AppDeps, lockerNumber: string, query: { page?: number; pageSize?: number }) {
  return walletOf(deps, (await customerByLocker(deps, lockerNumber)).id, query);
}

/**
 * Staff credit or deduct an amount with a reason (a goodwill credit, the balance part of a refunded payment given
 * back): audited on the customer in the same transaction; a deduction past the balance is a 409 and changes nothing.
 */
export async function staffAdjust(deps: AppDeps, staffId: number, lockerNumber: string, input: z.output<typeof walletAdjustmentSchema>) {
  const customer = await customerByLocker(deps, lockerNumber);
  const minor = toMinor(input.amount);
  return deps.db.transaction(async (tx) => {
    const before = await repo.balanceOf(tx, customer.id);
    const after = await repo.adjust(tx, customer.id, minor, staffId, input.reason);
    if (after === undefined) {
      throw conflict(walletMessages.balanceTooLow(toMajor(before.balanceMinor), before.currency), 'amount', 'BALANCE_TOO_LOW');
    }
    await recordAudit(tx, {
      actorId: staffId,
      action: 'wallet_adjustment',
      entityType: 'wallet',
      entityId: customer.id,
      before: { balance: toMajor(before.balanceMinor) },
      after: { balance: toMajor(after), amount: toMajor(minor), reason: input.reason },
    });
    return { success: true as const, data: { balance: toMajor(after), currency: before.currency } };
  });
}
