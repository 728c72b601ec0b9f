import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import type { PaymentStatus } from '@hopbox/contracts/lifecycles';
import { REFUNDABLE_PAYMENT_STATUSES } from '@hopbox/contracts/lifecycles';
import { formatMoney, toMajor, toMinor } from '@hopbox/contracts/money';
import type { CustomerRefund, refundInputSchema, StaffPayment, staffPaymentsQuerySchema } from '@hopbox/contracts/payment-refunds';
import { walletMessages } from '@hopbox/contracts/wallet';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { notify } from '../notifications/notifications-service.ts';
import * as shipmentsRepo from '../shipments/shipments-repository.ts';
import * as payments from './payments-repository.ts';
import * as repo from './refunds-repository.ts';

const nameOf = (who: { firstName: string | null; lastName: string | null }) =>
  who.firstName ? `${who.firstName} ${who.lastName ?? ''}`.trim() : null;

/** GET /api/staff/payments: a page of payments with their customer, shipments and refunds. */
export async function listPayments(deps: AppDeps, query: z.output<typeof staffPaymentsQuerySchema>) {
  const { rows, total, totalCapped } = await repo.listPayments(deps.db, { status: query.status }, query);
  const ids = rows.map((r) => r.id);
  const [refunds, codes] = await Promise.all([
    repo.refundsOfPayments(deps.db, ids),
    repo.shipmentCodes(deps.db, [...new Set(rows.flatMap((r) => r.shipmentIds))]),
  ]);
  const data = rows.map(
    (r): StaffPayment => ({
      id: r.id,
      orderRef: r.orderRef,
      kind: r.kind as StaffPayment['kind'],
      status: r.status as PaymentStatus,
      amount: Number(r.amount),
      refundedAmount: toMajor(r.refundedMinor),
      balanceAmount: toMajor(r.balanceMinor),
      currency: r.currency,
      lockerNumber: r.lockerNumber,
      shipmentIds: r.shipmentIds,
      createdAt: r.createdAt.toISOString(),
      customerName: `${r.firstName} ${r.lastName}`,
      customerEmail: r.email,
      provider: r.provider,
      shipmentCodes: r.shipmentIds.map((id) => codes.get(id) ?? `#${id}`),
      capturedAt: r.capturedAt?.toISOString() ?? null,
      refunds: refunds
        .filter((f) => f.refund.paymentId === r.id)
        .map((f) => ({
          id: f.refund.id,
          amount: toMajor(f.refund.amountMinor),
          reason: f.refund.reason,
          staffName: nameOf(f),
          providerReference: f.refund.providerReference,
          createdAt: f.refund.createdAt.toISOString(),
        })),
    }),
  );
  return { success: true as const, data, total, totalCapped };
}

/** Why nothing could be set aside for the refund: the payment holds no captured money, or not that much. */
function refusal(payment: payments.PaymentRow) {
  if (payment.status !== 'REFUNDED' && !(REFUNDABLE_PAYMENT_STATUSES as readonly string[]).includes(payment.status)) {
    return conflict(lifecycleMessages.refunds.notCaptured(payment.status), undefined, 'PAYMENT_NOT_CAPTURED');
  }
  // More than is left, or set aside by another refund meanwhile.
  const left = Math.max(0, toMinor(payment.amount) - payment.refundedMinor);
  const message =
    left === 0 ? lifecycleMessages.refunds.nothingLeft : lifecycleMessages.refunds.tooMuch(formatMoney(toMajor(left), payment.currency));
  return badRequest(message, 'amount', 'REFUND_EXCEEDS_CAPTURED');
}

/**
 * Gives part or all of a captured payment back (decision 045), through the provider stored on it (decision 044).
 * The amount is first set aside in the database with one conditional update, so refunds sent at once never add up
 * to more than was captured; then the provider is asked, with no transaction held open meanwhile. A refund the
 * provider refuses is withdrawn and answers 502; a refund it makes is confirmed with its reference, moves the
 * payment to PARTIALLY_REFUNDED or REFUNDED, is audited, and the customer is mailed the amount and the reason,
 * all in one transaction.
 */
export async function refundPayment(
  deps: AppDeps,
  staffId: number,
  paymentId: number,
  input: z.output<typeof refundInputSchema>,
  settles: { claimId?: number } = {},
) {
  const found = await payments.findPayment(deps.db, paymentId);
  if (!found) throw notFound(lifecycleMessages.refunds.notFound);
  // Only the card's part goes back to the card (`amount`); the balance's part is staff's to credit back (decision 063).
  if (toMinor(found.amount) === 0 && found.balanceMinor > 0)
    throw badRequest(walletMessages.paidFromBalance, 'amount', 'REFUND_EXCEEDS_CAPTURED');
  const provider = deps.payments.byName(found.provider);
  const minor = toMinor(input.amount);

  const refund = await deps.db.transaction(async (tx) => {
    if (!(await repo.reserveRefund(tx, paymentId, minor))) return undefined;
    return repo.insertRefund(tx, { paymentId, amountMinor: minor, reason: input.reason, staffUserId: staffId, claimId: settles.claimId });
  });
  if (!refund) throw refusal((await payments.findPayment(deps.db, paymentId)) ?? found);

  let made: Awaited<ReturnType<typeof provider.refund>>;
  try {
    made = await provider.refund(found.orderRef, { amountMinor: minor, currency: found.currency });
  } catch (err) {
    await repo.withdrawRefund(deps.db, refund);
    if (err instanceof PaymentProviderError) {
      deps.log.error({ err, orderRef: found.orderRef, provider: provider.name }, 'the payment provider did not make a refund');
      throw new AppError(502, lifecycleMessages.refunds.providerFailed, 'Bad Gateway');
    }
    throw err;
  }

  return deps.db.transaction(async (tx) => {
    const before = (await repo.lockPayment(tx, paymentId)) ?? found;
    const madeMinor = await repo.confirmRefund(tx, refund.id, paymentId, made.reference);
    const to: PaymentStatus = madeMinor >= toMinor(before.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const after = (await payments.movePayment(tx, paymentId, to)) ?? before;
    const codes = await repo.shipmentCodes(tx, after.shipmentIds);
    await recordAudit(tx, {
      actorId: staffId,
      action: 'refund',
      entityType: 'payment',
      entityId: paymentId,
      before: { status: before.status, refundedAmount: toMajor(madeMinor - minor) },
      after: {
        status: after.status,
        refundedAmount: toMajor(madeMinor),
        refund: toMajor(minor),
        reason: input.reason,
        providerReference: made.reference,
      },
    });
    await notify.paymentRefunded(deps, tx, after.userId, {
      amount: toMajor(minor),
      currency: after.currency,
      reason: input.reason,
      orderRef: after.orderRef,
      paid: Number(after.amount),
      refundedTotal: toMajor(madeMinor),
      shipmentIds: after.shipmentIds.map((id) => codes.get(id)).filter((code): code is string => code !== undefined),
      at: refund.createdAt,
    });
    return { success: true as const, data: { status: after.status as PaymentStatus, refundedAmount: toMajor(after.refundedMinor) } };
  });
}

/** Sent Shipments' details: the refunds of the customer's payments for one of its shipments; another's is a 404. */
export async function shipmentRefunds(deps: AppDeps, userId: number, shipmentId: number): Promise<CustomerRefund[]> {
  const [shipment] = await shipmentsRepo.findUserShipments(deps.db, userId, [shipmentId]);
  if (!shipment) throw notFound('Shipment not found');
  const rows = await repo.refundsForShipment(deps.db, userId, shipment);
  return rows.map((r) => ({
    amount: toMajor(r.amountMinor),
    currency: r.currency,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    orderRef: r.orderRef,
  }));
}

/**
 * The refund that settles a claim (decision 065), made once per claim, ever: a claim decided again after its hold
 * lapsed (the process stopped between the provider's refund and the claim's move) finds its refund made and refunds
 * nothing more. Answers whether the refund is made; a refund still waiting for the provider's answer is a 409, for
 * staff to look at the payment rather than pay twice. The database's unique index on the claim backs this up.
 */
export async function refundForClaim(
  deps: AppDeps,
  staffId: number,
  claimId: number,
  paymentId: number,
  input: z.output<typeof refundInputSchema>,
) {
  const made = await repo.refundOfClaim(deps.db, claimId);
  if (made?.providerReference) return;
  if (made) throw conflict(lifecycleMessages.refunds.claimRefundPending, undefined, 'CLAIM_BEING_DECIDED');
  try {
    await refundPayment(deps, staffId, paymentId, input, { claimId });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(lifecycleMessages.refunds.claimRefundPending, undefined, 'CLAIM_BEING_DECIDED');
    throw err;
  }
}
