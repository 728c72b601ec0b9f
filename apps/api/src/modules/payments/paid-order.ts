import { transitWords } from '@hopbox/contracts/carrier-options';
import { dutiesWords } from '@hopbox/contracts/duties';
import { toMajor } from '@hopbox/contracts/money';
import { type PackageRequestType, packageRequestWords } from '@hopbox/contracts/package-requests';
import { SHIPPING_LINE, withAccountBalance } from '@hopbox/contracts/price-breakdown';
import type { Executor } from '../../db/client.ts';
import { findRequest } from '../package-requests/package-requests-repository.ts';
import { findUserPackagesByIds } from '../packages/packages-repository.ts';
import * as shipmentsRepo from '../shipments/shipments-repository.ts';
import type { PaymentRow } from './payments-repository.ts';
import { type ChargeCopy, consolidationOrderSchema, type Destination, singleOrderSchema } from './priced-order.ts';

/** One thing paid for: a package (Hopbox ID, content) or a consolidation (its shipment ID). */
export interface PaidItem {
  ref: string;
  description: string;
  weightKg: number;
}

/**
 * What a payment pays for, read from what was priced (decision 013): the hosted payment page and
 * the receipt mail show the same items, price lines, total and the one reference (decision 030).
 */
export interface PaidOrder {
  kind: 'single' | 'consolidation' | 'request';
  items: PaidItem[];
  destination: string;
  /** Amounts as numbers: the page and the mail write them with the one money format (decision 032). */
  priceLines: { label: string; amount: number }[];
  total: number;
  currency: string;
  /** The provider's order reference: the one the customer sees everywhere and support searches by. */
  reference: string;
  /**
   * How each shipment travels and what is left to pay at the door (decisions 070, 071), in plain words: "Carrier:
   * Hopbox Sandbox Economy, 3–6 business days", "Estimated import duties and taxes: …, payable to the carrier at
   * delivery". Empty for payments made before there was a choice, and for a request's fee.
   */
  terms: string[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The carrier chosen and the duties' words of one priced shipment, each prefixed with its code when several were paid. */
function termsOf(charge: ChargeCopy | undefined, prefix = ''): string[] {
  const lead = prefix ? `${prefix}: ` : '';
  const terms: string[] = [];
  if (charge?.option) terms.push(`${lead}Carrier: ${charge.option.name}, ${transitWords(charge.option.transitDays)}.`);
  if (charge?.duties) terms.push(`${lead}${dutiesWords(charge.duties)}`);
  return terms;
}

export function addressLine(d: { address: string; city: string; state?: string | null; postalCode?: string | null; country: string }) {
  return [d.address, d.city, [d.state, d.postalCode].filter(Boolean).join(' '), d.country].filter(Boolean).join(', ');
}

async function singleOrder(db: Executor, payment: PaymentRow, order: { packageIds: number[]; destination: Destination }) {
  const rows = await findUserPackagesByIds(db, payment.userId, order.packageIds, new Date());
  const byId = new Map(rows.map((p) => [p.id, p]));
  return order.packageIds.flatMap((id) => {
    const p = byId.get(id);
    return p ? [{ ref: p.hopboxId, description: p.packageContent, weightKg: p.packageWeight }] : [];
  });
}

/**
 * The lines a payment charged (issue "Declare, insure"): shipping named after what is shipped, then insurance and
 * storage fees; one line with the whole amount for payments opened before itemized prices.
 */
function linesOf(charge: ChargeCopy | undefined, shippingLabel: string, amount: number, prefix = '') {
  if (!charge) return [{ label: shippingLabel, amount }];
  return charge.breakdown.map((line) => ({
    label: line.label === SHIPPING_LINE ? shippingLabel : prefix ? `${prefix}: ${line.label}` : line.label,
    amount: line.amount,
  }));
}

/**
 * The paid-for order of a payment; what the account balance paid is a negative "Account balance" line last, so the
 * lines add up to the total charged to the card (decision 063).
 */
export async function paidOrderOf(db: Executor, payment: PaymentRow): Promise<PaidOrder> {
  const order = await pricedOrderOf(db, payment);
  return { ...order, priceLines: withAccountBalance(order.priceLines, toMajor(payment.balanceMinor)).lines };
}

/** A request's fee (decision 068): the package it is about, and one line naming the service. */
async function requestOrderOf(db: Executor, payment: PaymentRow, base: Pick<PaidOrder, 'total' | 'currency' | 'reference'>) {
  const request = payment.packageRequestId === null ? undefined : await findRequest(db, payment.packageRequestId, payment.userId);
  const order: PaidOrder = { ...base, kind: 'request', items: [], destination: '', priceLines: [], terms: [] };
  if (!request) return order;
  const type = request.type as PackageRequestType;
  const [pkg] = await findUserPackagesByIds(db, payment.userId, [request.packageId], new Date());
  return {
    ...order,
    items: [{ ref: request.hopboxId, description: pkg?.packageContent ?? '', weightKg: pkg?.packageWeight ?? 0 }],
    priceLines: [{ label: packageRequestWords.feeLine(type, request.hopboxId), amount: Number(request.fee) }],
  };
}

/** The order as priced; a row that holds no priced order (older rows) shows its total only. */
async function pricedOrderOf(db: Executor, payment: PaymentRow): Promise<PaidOrder> {
  const base = { total: Number(payment.amount), currency: payment.currency, reference: payment.orderRef };
  if (payment.kind === 'request') return requestOrderOf(db, payment, base);
  const single = singleOrderSchema.safeParse(payment.pendingShipment);
  if (single.success) {
    const order = single.data;
    const items = await singleOrder(db, payment, order);
    return {
      ...base,
      kind: 'single',
      items,
      destination: addressLine(order.destination),
      priceLines: linesOf(
        order.charge,
        `Shipping ${plural(order.packageIds.length, 'package')} (${order.request.weight} kg)`,
        order.amount,
      ),
      terms: termsOf(order.charge),
    };
  }
  const consolidation = consolidationOrderSchema.safeParse(payment.pendingShipment);
  if (!consolidation.success)
    return { ...base, kind: payment.kind === 'single' ? 'single' : 'consolidation', items: [], destination: '', priceLines: [], terms: [] };
  const priced = consolidation.data.shipments;
  const rows = await shipmentsRepo.findUserShipments(
    db,
    payment.userId,
    priced.map((s) => s.shipmentId),
  );
  const byId = new Map(rows.map((s) => [s.id, s]));
  const contents = await shipmentsRepo.packagesOfShipments(
    db,
    rows.map((s) => s.id),
  );
  const codeOf = (id: number) => byId.get(id)?.shipmentId ?? `#${id}`;
  const destinations = [...new Set(rows.map((s) => addressLine(s)))];
  return {
    ...base,
    kind: 'consolidation',
    items: priced.map((s) => ({
      ref: codeOf(s.shipmentId),
      description: `Consolidation of ${plural(contents.filter((p) => p.shipmentId === s.shipmentId).length, 'package')}`,
      weightKg: s.request.weight,
    })),
    destination: destinations.length > 0 ? destinations.join('; ') : [...new Set(priced.map((s) => s.destination))].join('; '),
    priceLines: priced.flatMap((s) =>
      linesOf(
        s.charge,
        `Shipment ${codeOf(s.shipmentId)} (${s.request.weight} kg)`,
        s.amount,
        priced.length > 1 ? codeOf(s.shipmentId) : '',
      ),
    ),
    terms: priced.flatMap((s) => termsOf(s.charge, priced.length > 1 ? codeOf(s.shipmentId) : '')),
  };
}
