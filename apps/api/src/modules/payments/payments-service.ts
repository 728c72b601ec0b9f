import { randomUUID } from 'node:crypto';
import { messages } from '@hopbox/contracts/messages';
import type { consolidationPaymentSchema, PaymentCheckResponse, singlePaymentSchema } from '@hopbox/contracts/payments';
import type { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { PaymentProviderError, toMinorUnits } from '../../providers/payments/payment-provider.ts';
import { roundMoney } from '../../providers/rates/rate-provider.ts';
import { notify } from '../notifications/notifications-service.ts';
import { quoteShipment } from '../pricing/pricing-service.ts';
import * as shipmentsRepo from '../shipments/shipments-repository.ts';
import {
  addressForShipment,
  consolidationsToPay,
  insertShipment,
  packagesForShipment,
  pricedPackages,
  priceShipments,
} from '../shipments/shipments-service.ts';
import * as repo from './payments-repository.ts';

type Kind = 'single' | 'consolidation';
const CALLBACK_PATHS: Record<Kind, string> = {
  single: '/user/shipment-payment-callback',
  consolidation: '/user/consolidation-payment-callback',
};
/** Pending payments older than this are closed as expired by reconciliation. */
const PAYMENT_EXPIRY_MS = 24 * 3_600_000;

/** Only a page of this portal may receive the customer back (no open redirect). */
function callbackUrl(deps: AppDeps, kind: Kind, requested: string | undefined) {
  const fallback = `${deps.config.publicUrl}${CALLBACK_PATHS[kind]}`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested, deps.config.publicUrl);
    if (url.origin !== new URL(deps.config.publicUrl).origin) return fallback;
    url.search = '';
    return url.toString();
  } catch {
    return fallback;
  }
}

/** The browser's amount must be the server's price, to the fil. */
function assertAmount(expected: number, sent: number, currency: string, priceCurrency: string) {
  if (currency !== priceCurrency) throw badRequest(`Payments are taken in ${priceCurrency}`, 'currency');
  if (Math.abs(roundMoney(sent) - expected) > 0.004) {
    throw conflict(
      `The amount does not match the price of this shipment (${expected.toFixed(2)} ${priceCurrency}). Please review the price and pay again.`,
      'amount',
    );
  }
}

async function openOrder(
  deps: AppDeps,
  userId: number,
  kind: Kind,
  amount: number,
  currency: string,
  redirect: string,
  extra: { shipmentIds?: number[]; pendingShipment?: Record<string, unknown> },
) {
  const merchantReference = `HB-${kind === 'single' ? 'S' : 'C'}-${randomUUID().slice(0, 18)}`;
  let order: Awaited<ReturnType<typeof deps.payments.createOrder>>;
  try {
    order = await deps.payments.createOrder({ amountMinor: toMinorUnits(amount), currency, merchantReference, redirectUrl: redirect });
  } catch (err) {
    deps.log.error({ err }, 'payment provider refused the order');
    throw new AppError(502, messages.shipments.paymentGenerateFailed, 'Bad Gateway');
  }
  await repo.insertPayment(deps.db, {
    userId,
    kind,
    provider: deps.payments.name,
    orderRef: order.reference,
    merchantReference,
    amount: amount.toFixed(2),
    currency,
    status: 'PENDING',
    shipmentIds: extra.shipmentIds ?? [],
    pendingShipment: extra.pendingShipment ?? null,
    paymentUrl: order.paymentUrl,
  });
  return { success: true as const, orderRef: order.reference, amount, currency, _links: { payment: { href: order.paymentUrl } } };
}

/** Single package: the server prices the draft, holds it with the payment, and creates the shipment only on capture. */
export async function generateSinglePayment(deps: AppDeps, userId: number, input: z.output<typeof singlePaymentSchema>) {
  const rows = await packagesForShipment(deps.db, userId, input.packages);
  const address = await addressForShipment(deps.db, userId, { addressId: input.addressId });
  const quote = await quoteShipment(deps, pricedPackages(rows), address.country);
  assertAmount(quote.price, input.amount, input.currency, quote.currency);
  return openOrder(deps, userId, 'single', quote.price, quote.currency, callbackUrl(deps, 'single', input.redirectUrl), {
    pendingShipment: {
      packageIds: rows.map((p) => p.id),
      addressId: address.id,
      notes: input.notes,
      tempReference: input.shipmentId ?? null,
    },
  });
}

export async function generateConsolidationPayment(deps: AppDeps, userId: number, input: z.output<typeof consolidationPaymentSchema>) {
  const shipments = await consolidationsToPay(deps, userId, input.shipmentIds);
  const prices = await priceShipments(deps, shipments);
  const total = roundMoney([...prices.values()].reduce((a, b) => a + b, 0));
  if (total <= 0) throw badRequest(messages.shipments.invalidAmount, 'amount');
  assertAmount(total, input.amount, input.currency, 'AED');
  return openOrder(deps, userId, 'consolidation', total, 'AED', callbackUrl(deps, 'consolidation', input.redirectUrl), {
    shipmentIds: shipments.map((s) => s.id),
    // Each shipment's share of the amount charged, so capture never needs a new quote.
    pendingShipment: { amounts: Object.fromEntries(prices) },
  });
}

/**
 * Each consolidation's share of a captured payment, as priced when the payment was opened: after
 * the money moved, a courier outage or a new rate must not change it or stop the shipments.
 */
async function chargedAmounts(deps: AppDeps, tx: Executor, payment: repo.PaymentRow) {
  const recorded = (payment.pendingShipment as { amounts?: Record<string, number> } | null)?.amounts ?? {};
  const amounts = new Map(Object.entries(recorded).map(([id, value]) => [Number(id), Number(value)]));
  if (payment.shipmentIds.every((id) => amounts.has(id))) return amounts;
  // A payment opened before the shares were recorded.
  const rows = await shipmentsRepo.findUserShipments(tx, payment.userId, payment.shipmentIds);
  return priceShipments({ ...deps, db: tx as typeof deps.db }, rows);
}

/**
 * Asks the provider and, on capture, finalizes exactly once. The customer's callback, a webhook
 * and the reconciliation schedule all come through here; whichever claims first does the work.
 */
export async function settlePayment(deps: AppDeps, payment: repo.PaymentRow): Promise<repo.PaymentRow> {
  if (payment.finalizedAt || payment.status !== 'PENDING') return payment;
  let state: Awaited<ReturnType<typeof deps.payments.orderState>>;
  try {
    state = await deps.payments.orderState(payment.orderRef);
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      deps.log.error({ err, orderRef: payment.orderRef }, 'payment status unavailable');
      throw new AppError(502, messages.payments.verifyFailed, 'Bad Gateway');
    }
    throw err;
  }
  if (state === 'FAILED') await repo.setPaymentStatus(deps.db, payment.id, 'FAILED');
  if (state === 'PENDING' && Date.now() - payment.createdAt.getTime() > PAYMENT_EXPIRY_MS)
    await repo.setPaymentStatus(deps.db, payment.id, 'EXPIRED');
  if (state === 'CAPTURED') await finalize(deps, payment);
  return (await repo.findPayment(deps.db, payment.id)) ?? payment;
}

async function finalize(deps: AppDeps, payment: repo.PaymentRow) {
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.claimFinalization(tx, payment.id))) return;
      const amount = Number(payment.amount);
      if (payment.kind === 'single') {
        const draft = payment.pendingShipment as { packageIds: number[]; addressId: number; notes: string | null };
        const rows = await packagesForShipment(tx, payment.userId, draft.packageIds);
        const address = await addressForShipment(tx, payment.userId, { addressId: draft.addressId });
        const shipment = await insertShipment(tx, payment.userId, rows, address, {
          notes: draft.notes,
          isConsolidated: false,
          status: 'Finalized',
          paymentStatus: 'Paid',
          paymentReference: payment.orderRef,
          amount,
        });
        await repo.setPaymentShipments(tx, payment.id, [shipment.id]);
        await notify.shipmentPaid(deps, tx, payment.userId, {
          shipmentIds: [shipment.shipmentId],
          amount: amount.toFixed(2),
          currency: payment.currency,
          reference: payment.orderRef,
        });
      } else {
        const rows = await shipmentsRepo.findUserShipments(tx, payment.userId, payment.shipmentIds);
        const prices = await chargedAmounts(deps, tx, payment);
        await shipmentsRepo.markConsolidationsPaid(tx, payment.userId, payment.shipmentIds, payment.orderRef, prices);
        await notify.shipmentPaid(deps, tx, payment.userId, {
          shipmentIds: rows.map((s) => s.shipmentId),
          amount: amount.toFixed(2),
          currency: payment.currency,
          reference: payment.orderRef,
        });
      }
    });
  } catch (err) {
    // Paid, but the shipment can no longer be made (a package left the locker meanwhile): stop
    // retrying and leave it for support, who see the reference.
    deps.log.error({ err, orderRef: payment.orderRef }, 'captured payment could not be finalized');
    await repo.setPaymentStatus(deps.db, payment.id, 'NEEDS_ATTENTION');
  }
}

function checkAnswer(payment: repo.PaymentRow, shipmentCodes: string[]): PaymentCheckResponse {
  const base = { orderRef: payment.orderRef };
  if (payment.finalizedAt && payment.status === 'CAPTURED') {
    return {
      ...base,
      success: true,
      captured: 1,
      status: 'SUCCESS',
      msg: 'Payment successful',
      ...(payment.kind === 'single' ? { shipmentId: shipmentCodes[0] ?? '' } : { shipmentIds: payment.shipmentIds.join(',') }),
    };
  }
  if (payment.status === 'NEEDS_ATTENTION') {
    return {
      ...base,
      success: false,
      captured: 1,
      status: 'NEEDS_ATTENTION',
      msg: `Your payment was received but the shipment could not be completed. Please contact support with the payment reference ${payment.orderRef}.`,
    };
  }
  if (payment.status === 'PENDING')
    return { ...base, success: false, captured: 0, status: 'PENDING', msg: 'The payment has not been completed yet.' };
  return { ...base, success: false, captured: 0, status: payment.status, msg: messages.payments.notSuccessful };
}

/** The payment page's return: only the customer who paid can check a reference; others get 404. */
export async function checkPayment(deps: AppDeps, userId: number, kind: Kind, orderRef: string) {
  const payment = await repo.findUserPayment(deps.db, userId, orderRef, kind);
  if (!payment) throw notFound(messages.payments.invalidReference);
  const settled = await settlePayment(deps, payment);
  const codes: string[] = [];
  if (settled.kind === 'single' && settled.shipmentIds[0]) {
    const shipment = await shipmentsRepo.findSentShipment(deps.db, settled.shipmentIds[0]);
    if (shipment) codes.push(shipment.shipmentId);
  }
  return checkAnswer(settled, codes);
}

/**
 * Settles pending payments whose customer never came back to the callback page (closed tab,
 * lost connection). Runs at start-up and on a schedule.
 */
export async function reconcilePendingPayments(deps: AppDeps, olderThanMs = 60_000) {
  const pending = await repo.pendingPayments(deps.db, new Date(Date.now() - olderThanMs));
  let settled = 0;
  for (const payment of pending) {
    try {
      const after = await settlePayment(deps, payment);
      if (after.status !== 'PENDING') settled++;
    } catch (err) {
      deps.log.warn({ err, orderRef: payment.orderRef }, 'reconciliation could not settle a payment');
    }
  }
  return { checked: pending.length, settled };
}

/** "Finish Shipment": idempotent; only consolidations whose payment was captured are finished. */
export async function finishShipments(deps: AppDeps, userId: number, ids: number[]) {
  const rows = await shipmentsRepo.findUserShipments(deps.db, userId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw notFound('Shipment not found');
  const unpaid = rows.filter((s) => s.paymentStatus !== 'Paid');
  if (unpaid.length > 0) {
    throw conflict(`These shipments have no captured payment yet and were not finished: ${unpaid.map((s) => s.shipmentId).join(', ')}`);
  }
  return { success: true as const, message: messages.shipments.created, shipmentIds: rows.map((s) => s.id) };
}
