import { randomUUID } from 'node:crypto';
import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { LATE_CAPTURE_WATCH_DAYS, PAYMENT_HOLD_MINUTES } from '@hopbox/contracts/lifecycles';
import { messages } from '@hopbox/contracts/messages';
import { formatMoney, sameMoney, sumMoney, toMajor, toMinor } from '@hopbox/contracts/money';
import { packageRequestMessages } from '@hopbox/contracts/package-requests';
import type {
  consolidationPaymentSchema,
  PaymentCheckResponse,
  requestPaymentSchema,
  singlePaymentSchema,
} from '@hopbox/contracts/payments';
import { balanceSplit } from '@hopbox/contracts/price-breakdown';
import { packedBoxOf } from '@hopbox/contracts/pricing';
import { walletMessages } from '@hopbox/contracts/wallet';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { describeDatabaseError, isTransientDatabaseError } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { notify } from '../notifications/notifications-service.ts';
import * as requestsRepo from '../package-requests/package-requests-repository.ts';
import { quoteShipment } from '../pricing/pricing-service.ts';
import { chargeOf, consolidationQuoteKey, heldOrFresh, packagesQuoteKey, pricedParts } from '../pricing/shipment-quote.ts';
import * as shipmentsRepo from '../shipments/shipments-repository.ts';
import {
  addressForShipment,
  assertDeclared,
  consolidationsToPay,
  insertShipment,
  packagesForShipment,
  pricedPackages,
  quoteConsolidations,
} from '../shipments/shipments-service.ts';
import * as walletRepo from '../wallet/wallet-repository.ts';
import { paidOrderOf } from './paid-order.ts';
import * as repo from './payments-repository.ts';
import {
  type ConsolidationOrder,
  consolidationOrderSchema,
  copyOfRequest,
  destinationOf,
  type RequestOrder,
  type SingleOrder,
  singleOrderSchema,
} from './priced-order.ts';

type Kind = repo.PaymentKind;
const CALLBACK_PATHS: Record<Kind, string> = {
  single: '/user/shipment-payment-callback',
  consolidation: '/user/consolidation-payment-callback',
  request: '/user/request-payment-callback',
};
/** An open payment still unpaid this long after it was opened expires: its price is no longer held. */
const PAYMENT_HOLD_MS = PAYMENT_HOLD_MINUTES * 60_000;
/** How often a failed or expired payment is asked about again, for a late capture. */
const LATE_CAPTURE_CHECK_MS = 15 * 60_000;

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

/** The provider name of a payment the account balance paid wholly: no card order exists for it (decision 063). */
export const BALANCE_PROVIDER = 'balance';

/** What a payment charges: `balanceMinor` from the account balance, `card` (a decimal) to the card. */
interface Split {
  balanceMinor: number;
  card: number;
}

/**
 * The browser's amount must be what the server charges the card, to the fil: the price, less what the account
 * balance pays when the customer asked to use it (all it can, up to the price; decision 063). Without the balance
 * the amount is above zero.
 */
async function chargeSplit(
  deps: AppDeps,
  userId: number,
  price: number,
  sent: { amount: number; currency: string; useBalance: boolean },
  priceCurrency: string,
  priceMismatch = `The amount does not match the price of this shipment (${formatMoney(price, priceCurrency)}). Please review the price and pay again.`,
): Promise<Split> {
  if (sent.currency !== priceCurrency) throw badRequest(`Payments are taken in ${priceCurrency}`, 'currency');
  if (!sent.useBalance && sent.amount <= 0) throw badRequest(messages.shipments.invalidAmount, 'amount');
  const balance = sent.useBalance ? (await walletRepo.balanceOf(deps.db, userId)).balanceMinor : 0;
  const { fromBalance, card } = balanceSplit(price, toMajor(balance));
  const balanceMinor = toMinor(fromBalance);
  if (!sameMoney(sent.amount, card)) {
    throw conflict(
      balanceMinor > 0 ? walletMessages.cardAmountMismatch(card, toMajor(balanceMinor), priceCurrency) : priceMismatch,
      'amount',
      'AMOUNT_MISMATCH',
    );
  }
  return { balanceMinor, card };
}

/** The answer of generate: the order's reference and its hosted page, and what the account balance pays. */
function paymentLink(payment: Pick<repo.PaymentRow, 'orderRef' | 'amount' | 'currency' | 'paymentUrl' | 'balanceMinor'>) {
  return {
    success: true as const,
    orderRef: payment.orderRef,
    amount: Number(payment.amount),
    currency: payment.currency,
    _links: { payment: { href: payment.paymentUrl ?? '' } },
    ...(payment.balanceMinor > 0 ? { balanceUsed: toMajor(payment.balanceMinor) } : {}),
  };
}

/** A payment the balance paid wholly is paid already: its link is the callback page with its reference, as a card's return. */
function paidLink(payment: repo.PaymentRow, redirect: string) {
  const href = new URL(redirect);
  href.searchParams.set('ref', payment.orderRef);
  return { ...paymentLink({ ...payment, paymentUrl: href.toString() }), paid: true };
}

/** The letter a merchant reference carries: S(ingle), C(onsolidation), R(equest). */
const MERCHANT_PREFIXES: Record<Kind, string> = { single: 'S', consolidation: 'C', request: 'R' };

const holdEndsAt = (payment: Pick<repo.PaymentRow, 'createdAt'>) => payment.createdAt.getTime() + PAYMENT_HOLD_MS;
const sameItems = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * At most one open payment per package or consolidation (issue "Exactly once, in one place"). A payment still
 * open for exactly these items at this amount is answered again, so a second click, a second tab or a retry never
 * opens a second order at the provider. One whose hold is over is settled with the provider first (it may have
 * been paid meanwhile, or it expires and lets go). Any other open payment holding one of them is a 409.
 */
async function openPaymentFor(deps: AppDeps, userId: number, held: repo.Held, price: number, card: number) {
  for (const holder of await repo.paymentsHolding(deps.db, userId, held)) {
    if (holdEndsAt(holder) <= deps.clock.now().getTime()) {
      await settlePayment(deps, holder);
      continue;
    }
    if (isSamePayment(holder, held, price, card)) return holder;
    const minutesLeft = Math.max(1, Math.ceil((holdEndsAt(holder) - deps.clock.now().getTime()) / 60_000));
    throw conflict(lifecycleMessages.payments.alreadyOpen(minutesLeft), undefined, 'PAYMENT_PENDING');
  }
  return undefined;
}

/**
 * An open payment for exactly these items, at this price, charging the card this amount: what a second click sends
 * again. Its balance part was taken already, so it is found before the balance is read (decision 063).
 */
function isSamePayment(holder: repo.PaymentRow, held: repo.Held, price: number, card: number) {
  return (
    holder.paymentUrl !== null &&
    holder.status === 'PENDING' &&
    sameItems(heldIds(holder), held.ids) &&
    sameMoney(holder.amount, card) &&
    toMinor(holder.amount) + holder.balanceMinor === toMinor(price)
  );
}

/** The link of the open payment a generate sends again (isSamePayment), while its hold lasts; nothing is settled here. */
async function sameOpenPayment(deps: AppDeps, userId: number, held: repo.Held, price: number, sent: number) {
  const holders = await repo.paymentsHolding(deps.db, userId, held);
  const same = holders.find((h) => holdEndsAt(h) > deps.clock.now().getTime() && isSamePayment(h, held, price, sent));
  return same ? paymentLink(same) : undefined;
}

/** The items a payment was opened for: its consolidations, its request, or the packages of its priced order. */
function heldIds(payment: repo.PaymentRow): number[] {
  if (payment.kind === 'consolidation') return payment.shipmentIds;
  if (payment.kind === 'request') return payment.packageRequestId === null ? [] : [payment.packageRequestId];
  const order = singleOrderSchema.safeParse(payment.pendingShipment);
  return order.success ? order.data.packageIds : [];
}

/**
 * Opens the order at the provider for what was priced. The payment row comes first, holding the packages or
 * consolidations in the same transaction, so a concurrent second generate finds them held before any second
 * order exists at the provider; the provider's reference and page are written once it answers.
 */
async function openOrder(
  deps: AppDeps,
  userId: number,
  redirect: string,
  order: SingleOrder | ConsolidationOrder | RequestOrder,
  held: repo.Held,
  split: Split,
) {
  const open = await openPaymentFor(deps, userId, held, order.amount, split.card);
  if (open) return paymentLink(open);
  const merchantReference = `HB-${MERCHANT_PREFIXES[order.kind]}-${randomUUID().slice(0, 18)}`;
  const byCard = split.card > 0;
  const payment = await deps.db.transaction(async (tx) => {
    const row = await repo.insertPayment(tx, {
      // Its hold is reckoned on the clock prices are held by.
      createdAt: deps.clock.now(),
      userId,
      kind: order.kind,
      provider: byCard ? deps.payments.current.name : BALANCE_PROVIDER,
      // The provider's reference replaces it once the order exists there.
      orderRef: merchantReference,
      merchantReference,
      amount: split.card.toFixed(2),
      balanceMinor: split.balanceMinor,
      currency: order.currency,
      status: 'PENDING',
      shipmentIds: held.kind === 'consolidations' ? held.ids : [],
      packageRequestId: order.kind === 'request' ? order.requestId : null,
      pendingShipment: order,
      paymentUrl: null,
    });
    if (!(await repo.holdItems(tx, userId, held, row.id))) {
      throw conflict(lifecycleMessages.payments.alreadyOpen(PAYMENT_HOLD_MINUTES), undefined, 'PAYMENT_PENDING');
    }
    // Taken now, with the payment that holds it, and given back by the move that ends it unpaid (decision 063).
    if (!(await walletRepo.debitForPayment(tx, row))) throw conflict(walletMessages.balanceChanged, undefined, 'BALANCE_CHANGED');
    if (!byCard) await finalizeFromBalance(deps, tx, row);
    return row;
  });
  if (!byCard) return paidLink(payment, redirect);
  let opened: Awaited<ReturnType<typeof deps.payments.current.createOrder>>;
  try {
    opened = await deps.payments.current.createOrder({
      amountMinor: toMinor(split.card),
      currency: order.currency,
      merchantReference,
      redirectUrl: redirect,
    });
  } catch (err) {
    deps.log.error({ err }, 'payment provider refused the order');
    await repo.discardUnopenedPayment(deps.db, payment.id);
    throw new AppError(502, messages.shipments.paymentGenerateFailed, 'Bad Gateway');
  }
  await repo.setProviderOrder(deps.db, payment.id, opened.reference, opened.paymentUrl);
  return paymentLink({ ...payment, orderRef: opened.reference, paymentUrl: opened.paymentUrl });
}

/** What the customer chose with a payment: insurance, a carrier option (the cheapest when none), prepaid duties. */
const choiceOf = (input: { insurance: boolean; option?: string; dutiesPaid: boolean }) => ({
  insured: input.insurance,
  option: input.option,
  dutiesPaid: input.dutiesPaid,
});

/**
 * Single package: the server prices the draft and keeps a copy of what it priced (packages,
 * weights, the destination's fields, the amount) with the payment; the shipment is created from
 * that copy only on capture.
 */
export async function generateSinglePayment(deps: AppDeps, userId: number, input: z.output<typeof singlePaymentSchema>) {
  const rows = await packagesForShipment(deps.db, userId, input.packages, { heldOk: true });
  assertDeclared(rows);
  const address = await addressForShipment(deps.db, userId, { addressId: input.addressId });
  const held = await heldOrFresh(deps, userId, packagesQuoteKey(rows, address.country), async () =>
    pricedParts(deps, await quoteShipment(deps, pricedPackages(rows), address.country), rows),
  );
  const { request, details: _, ...charge } = chargeOf(held, choiceOf(input));
  const items: repo.Held = { kind: 'packages', ids: rows.map((p) => p.id) };
  const again = await sameOpenPayment(deps, userId, items, charge.amount, input.amount);
  if (again) return again;
  const split = await chargeSplit(deps, userId, charge.amount, input, held.currency);
  const order: SingleOrder = {
    kind: 'single',
    packageIds: rows.map((p) => p.id),
    destination: destinationOf(address),
    request: copyOfRequest(request),
    amount: charge.amount,
    currency: held.currency,
    notes: input.notes,
    tempReference: input.shipmentId ?? null,
    charge,
  };
  return openOrder(deps, userId, callbackUrl(deps, 'single', input.redirectUrl), order, items, split);
}

/**
 * Consolidations: each one's price is the one the customer was shown within the hold, else priced now, and kept with
 * the payment, so capture never prices again.
 */
export async function generateConsolidationPayment(deps: AppDeps, userId: number, input: z.output<typeof consolidationPaymentSchema>) {
  const shipments = await consolidationsToPay(deps, userId, input.shipmentIds);
  const contents = await shipmentsRepo.packagesOfShipments(
    deps.db,
    shipments.map((s) => s.id),
  );
  const priced = await Promise.all(
    shipments.map(async (s) => {
      const box = packedBoxOf(s);
      const pkgs = contents.filter((p) => p.shipmentId === s.id);
      const held = await heldOrFresh(deps, userId, consolidationQuoteKey(s.id, box, pkgs), async () => {
        const quoted = (await quoteConsolidations(deps, [{ id: s.id, origin: s.origin, country: s.country, box }])).get(s.id);
        if (quoted?.status !== 'fulfilled') throw quoted?.reason;
        return pricedParts(deps, quoted.value, pkgs);
      });
      const { request, details: _, ...charge } = chargeOf(held, choiceOf(input));
      return { shipmentId: s.id, destination: s.country, request: copyOfRequest(request), amount: charge.amount, charge };
    }),
  );
  const total = sumMoney(priced.map((s) => s.amount));
  if (total <= 0) throw badRequest(messages.shipments.invalidAmount, 'amount');
  const items: repo.Held = { kind: 'consolidations', ids: shipments.map((s) => s.id) };
  const again = await sameOpenPayment(deps, userId, items, total, input.amount);
  if (again) return again;
  const split = await chargeSplit(deps, userId, total, input, DEFAULT_CURRENCY);
  const order: ConsolidationOrder = { kind: 'consolidation', shipments: priced, amount: total, currency: DEFAULT_CURRENCY };
  const redirect = callbackUrl(deps, 'consolidation', input.redirectUrl);
  return openOrder(deps, userId, redirect, order, items, split);
}

/**
 * A return's or discard's fee (decision 068): the same payment as a shipment's, of kind `request`, holding the request
 * instead of packages. The amount is the fee kept on the request when it was asked, never the browser's; the balance
 * pays all it can when asked to and the card the rest, as a shipment's. Only the customer's own request (another's is
 * a 404), while it waits unpaid.
 */
export async function generateRequestPayment(
  deps: AppDeps,
  userId: number,
  requestId: number,
  input: z.output<typeof requestPaymentSchema>,
) {
  const request = await requestsRepo.findRequest(deps.db, requestId, userId);
  if (!request) throw notFound(packageRequestMessages.requestNotFound);
  const fee = Number(request.fee);
  const items: repo.Held = { kind: 'requests', ids: [request.id] };
  const again = await sameOpenPayment(deps, userId, items, fee, input.amount);
  if (again) return again;
  if (requestsRepo.toPackageRequest(request).amountDue <= 0) throw conflict(packageRequestMessages.nothingToPay, undefined, 'CONFLICT');
  const mismatch = packageRequestMessages.feeAmountMismatch(fee, request.currency);
  const split = await chargeSplit(deps, userId, fee, input, request.currency, mismatch);
  const order: RequestOrder = { kind: 'request', requestId: request.id, amount: fee, currency: request.currency };
  return openOrder(deps, userId, callbackUrl(deps, 'request', input.redirectUrl), order, items, split);
}

/**
 * Asks the provider and, on capture, finalizes exactly once. The customer's callback, a webhook and the
 * reconciliation schedule all come through here; whichever claims first does the work. A pending payment
 * still unpaid when its hold ends expires; a failed or expired one is asked about for LATE_CAPTURE_WATCH_DAYS
 * more, and money taken for it then needs attention, never becomes a shipment silently.
 */
export async function settlePayment(deps: AppDeps, payment: repo.PaymentRow): Promise<repo.PaymentRow> {
  if (payment.finalizedAt || !isWatched(deps, payment)) return payment;
  if (!payment.paymentUrl) return abandonUnopened(deps, payment);
  let state: Awaited<ReturnType<typeof deps.payments.current.orderState>>;
  try {
    state = await deps.payments.byName(payment.provider).orderState(payment.orderRef);
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      deps.log.error({ err, orderRef: payment.orderRef }, 'payment status unavailable');
      throw new AppError(502, messages.payments.verifyFailed, 'Bad Gateway');
    }
    throw err;
  }
  if (payment.status === 'PENDING') {
    if (state === 'CAPTURED') await finalize(deps, payment);
    else if (state === 'FAILED') await repo.movePayment(deps.db, payment.id, 'FAILED', { nextCheckAt: nextLateCaptureCheck(deps) });
    else if (holdEndsAt(payment) <= deps.clock.now().getTime())
      await repo.movePayment(deps.db, payment.id, 'EXPIRED', { nextCheckAt: nextLateCaptureCheck(deps) });
  } else if (state === 'CAPTURED') {
    deps.log.error({ orderRef: payment.orderRef, was: payment.status }, 'money captured for a payment that had failed or expired');
    await repo.movePayment(deps.db, payment.id, 'NEEDS_ATTENTION', { capturedAt: deps.clock.now() });
  } else {
    await repo.setNextCheck(deps.db, payment.id, nextLateCaptureCheck(deps));
  }
  return (await repo.findPayment(deps.db, payment.id)) ?? payment;
}

const nextLateCaptureCheck = (deps: AppDeps) => new Date(deps.clock.now().getTime() + LATE_CAPTURE_CHECK_MS);

/** Pending, or failed or expired within the days a late capture is still watched for. */
function isWatched(deps: AppDeps, payment: repo.PaymentRow) {
  if (payment.status === 'PENDING') return true;
  if (payment.status !== 'FAILED' && payment.status !== 'EXPIRED') return false;
  return deps.clock.now().getTime() - payment.createdAt.getTime() < LATE_CAPTURE_WATCH_DAYS * 86_400_000;
}

/**
 * A payment row whose order never reached the provider (the process stopped between the two): nobody was given
 * a page to pay on, so once its hold is over it fails and lets go of what it held.
 */
async function abandonUnopened(deps: AppDeps, payment: repo.PaymentRow) {
  if (payment.status === 'PENDING' && holdEndsAt(payment) <= deps.clock.now().getTime())
    return (await repo.movePayment(deps.db, payment.id, 'FAILED')) ?? payment;
  return payment;
}

/** Paid, but what was priced can no longer be shipped as priced. */
class OrderNoLongerShippable extends Error {}

/** Waits between tries to finalize a captured payment after passing failures: 30 s, 1, 2, 4, 8 minutes, then every 15. */
export function finalizeRetryDelayMs(attempt: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 15 * 60_000);
}

/**
 * Makes the paid shipment, once. A passing database failure (a restart, a timeout, a collision with another
 * transaction) changes nothing: the payment stays PENDING, and reconciliation tries again after a growing
 * pause, with the same captured money. Only an order that can no longer ship as priced (or a failure nobody
 * foresaw) is left for support as NEEDS_ATTENTION (decision 040).
 */
async function finalize(deps: AppDeps, payment: repo.PaymentRow) {
  try {
    await deps.db.transaction((tx) => finalizeIn(deps, tx, payment));
  } catch (err) {
    if (isTransientDatabaseError(err)) {
      const attempt = payment.finalizeAttempts + 1;
      const nextAt = new Date(deps.clock.now().getTime() + finalizeRetryDelayMs(attempt));
      const reason = describeDatabaseError(err);
      deps.log.warn(
        { orderRef: payment.orderRef, attempt, nextAt, database: reason },
        'captured payment not finalized yet: will try again',
      );
      // When the database is still away this fails too; reconciliation then tries on its next round anyway.
      await repo.noteFinalizeFailure(deps.db, payment.id, reason.message, nextAt).catch(() => {});
      throw err;
    }
    // Paid, but the shipment can no longer be made as priced (a package left the locker
    // meanwhile): stop retrying and leave it for support, who see the reference.
    deps.log.error({ err, orderRef: payment.orderRef }, 'captured payment could not be finalized');
    await repo.movePayment(deps.db, payment.id, 'NEEDS_ATTENTION', { capturedAt: deps.clock.now() });
  }
}

/** Claims the payment's finalization and, when this caller claimed it, makes its shipments and mails the receipt. */
async function finalizeIn(deps: AppDeps, tx: Executor, payment: repo.PaymentRow) {
  if (!(await repo.claimFinalization(tx, payment.id))) return;
  if (payment.kind === 'request') return finalizeRequest(deps, tx, payment);
  const shipmentCodes =
    payment.kind === 'single'
      ? await finalizeSingle(tx, payment, deps.clock.now())
      : await finalizeConsolidations(tx, payment, deps.clock.now());
  await notify.shipmentPaid(deps, tx, payment.userId, { shipmentIds: shipmentCodes, order: await paidOrderOf(tx, payment) });
}

/**
 * A payment the account balance pays wholly is captured at once, in the transaction that opened it: the same
 * finalization as a card's capture (shipment, receipt, storage settled). What can no longer ship as priced undoes
 * the whole payment, balance included, and answers 409; no money left the product, so nothing needs attention.
 */
async function finalizeFromBalance(deps: AppDeps, tx: Executor, payment: repo.PaymentRow) {
  try {
    await finalizeIn(deps, tx, payment);
  } catch (err) {
    if (err instanceof OrderNoLongerShippable || (err instanceof AppError && err.statusCode < 500)) {
      deps.log.warn({ err, orderRef: payment.orderRef }, 'a payment from the balance could not be finalized');
      throw conflict(walletMessages.orderChanged, undefined, 'CONFLICT');
    }
    throw err;
  }
}

/**
 * A request's fee is paid: the request is marked paid by this payment, once, and the receipt mailed. A request refused
 * or withdrawn meanwhile is not what was paid for: a card's money then needs attention, a balance's is never taken.
 */
async function finalizeRequest(deps: AppDeps, tx: Executor, payment: repo.PaymentRow) {
  if (payment.packageRequestId === null) throw new OrderNoLongerShippable('the payment names no request');
  if (!(await requestsRepo.markRequestPaid(tx, payment.packageRequestId, payment.id, deps.clock.now()))) {
    throw new OrderNoLongerShippable(`request ${payment.packageRequestId} no longer waits for its fee`);
  }
  await notify.shipmentPaid(deps, tx, payment.userId, { shipmentIds: [], order: await paidOrderOf(tx, payment) });
}

/** The shipment goes where it was priced, at the weight it was priced, whatever the address book says now. */
async function finalizeSingle(tx: Executor, payment: repo.PaymentRow, at: Date) {
  const order = singleOrderSchema.safeParse(payment.pendingShipment);
  if (!order.success) throw new OrderNoLongerShippable('the payment holds no priced order');
  const rows = await packagesForShipment(tx, payment.userId, order.data.packageIds);
  const shipment = await insertShipment(tx, payment.userId, rows, order.data.destination, {
    notes: order.data.notes,
    isConsolidated: false,
    status: 'Finalized',
    paymentStatus: 'Paid',
    paymentReference: payment.orderRef,
    amount: order.data.amount,
    totalWeight: order.data.request.weight,
    charge: order.data.charge,
  });
  await shipmentsRepo.settleStorage(tx, order.data.packageIds, order.data.charge?.storageByPackage ?? {}, at);
  await repo.setPaymentShipments(tx, payment.id, [shipment.id]);
  return [shipment.shipmentId];
}

/** Each consolidation is marked paid with its share as priced; one whose destination moved is not what was sold. */
async function finalizeConsolidations(tx: Executor, payment: repo.PaymentRow, at: Date) {
  const order = consolidationOrderSchema.safeParse(payment.pendingShipment);
  if (!order.success) throw new OrderNoLongerShippable('the payment holds no priced order');
  const rows = await shipmentsRepo.findUserShipments(tx, payment.userId, payment.shipmentIds);
  const priced = new Map(order.data.shipments.map((s) => [s.shipmentId, s]));
  for (const row of rows) {
    if (priced.get(row.id)?.destination !== row.country) throw new OrderNoLongerShippable(`shipment ${row.id} is not what was priced`);
  }
  const marked = await shipmentsRepo.markConsolidationsPaid(tx, payment.userId, payment.shipmentIds, payment.orderRef, priced);
  // One of them was paid by another payment meanwhile: this money is not what paid for it.
  if (marked.length !== payment.shipmentIds.length) throw new OrderNoLongerShippable('a consolidation was already paid');
  const contents = await shipmentsRepo.packagesOfShipments(tx, payment.shipmentIds);
  const storageByPackage = Object.assign({}, ...order.data.shipments.map((s) => s.charge?.storageByPackage ?? {}));
  await shipmentsRepo.settleStorage(
    tx,
    contents.map((p) => p.id),
    storageByPackage,
    at,
  );
  return rows.map((s) => s.shipmentId);
}

function checkAnswer(payment: repo.PaymentRow, shipmentCodes: string[], hopboxId?: string): PaymentCheckResponse {
  const base = { orderRef: payment.orderRef, ...(hopboxId ? { hopboxId } : {}) };
  // A payment that made its shipment stays a success when part or all of it is refunded later (decision 045).
  if (payment.finalizedAt && (payment.status === 'CAPTURED' || payment.status === 'PARTIALLY_REFUNDED' || payment.status === 'REFUNDED')) {
    return {
      ...base,
      success: true,
      captured: 1,
      status: 'SUCCESS',
      msg: 'Payment successful',
      ...(payment.kind === 'single'
        ? { shipmentId: shipmentCodes[0] ?? '' }
        : payment.kind === 'consolidation'
          ? { shipmentIds: payment.shipmentIds.join(',') }
          : {}),
    };
  }
  if (payment.status === 'NEEDS_ATTENTION') {
    return {
      ...base,
      success: false,
      captured: 1,
      status: 'NEEDS_ATTENTION',
      msg:
        payment.kind === 'request'
          ? packageRequestMessages.feeNotApplied(payment.orderRef)
          : `Your payment was received but the shipment could not be completed. Please contact support with the payment reference ${payment.orderRef}.`,
    };
  }
  if (payment.status === 'PARTIALLY_REFUNDED' || payment.status === 'REFUNDED') {
    return {
      ...base,
      success: false,
      captured: 1,
      status: payment.status,
      msg: `Your payment was received but the shipment could not be completed, and ${payment.status === 'REFUNDED' ? 'it has been refunded' : 'part of it has been refunded'}. Your mail from us says why; the payment reference is ${payment.orderRef}.`,
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
  const request = settled.packageRequestId === null ? undefined : await requestsRepo.findRequest(deps.db, settled.packageRequestId, userId);
  return checkAnswer(settled, codes, request?.hopboxId);
}

/**
 * Settles pending payments whose customer never came back to the callback page (closed tab,
 * lost connection), expires those whose hold is over, and looks for late captures of failed and
 * expired ones. Runs at start-up and on a schedule; answers how many it asked about and moved.
 */
export async function reconcilePendingPayments(deps: AppDeps, olderThanMs = 60_000) {
  const pending = await repo.paymentsToReconcile(deps.db, new Date(deps.clock.now().getTime() - olderThanMs), deps.clock.now());
  let settled = 0;
  for (const payment of pending) {
    try {
      const after = await settlePayment(deps, payment);
      if (after.status !== payment.status) settled++;
    } catch (err) {
      deps.log.warn({ orderRef: payment.orderRef, reason: describeDatabaseError(err) }, 'reconciliation could not settle a payment');
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
