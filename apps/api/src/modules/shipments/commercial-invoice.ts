import { recipientOf } from '@hopbox/contracts/addresses';
import { INVOICE_UNPAID, REASON_FOR_EXPORT } from '@hopbox/contracts/commercial-invoice';
import { declarationTotal } from '@hopbox/contracts/declaration-rules';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { sumMoney } from '@hopbox/contracts/money';
import { carrierLabel } from '@hopbox/contracts/tracking';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { declarationItemsOf } from '../packages/declarations-repository.ts';
import { toAed } from '../pricing/declared-value.ts';
import * as repo from './carrier-repository.ts';
import type { InvoiceInput, InvoiceLine } from './invoice-pdf.ts';
import { frozenContents, type InvoiceContents, storedInvoicePdf } from './invoice-store.ts';

type ShipmentRow = NonNullable<Awaited<ReturnType<typeof repo.findShipment>>>;
type Facts = NonNullable<Awaited<ReturnType<typeof repo.bookingFacts>>>;
type PackageRow = Facts['packages'][number];

const declarationSentence = (name: string) =>
  `I, ${name}, declare that the information on this invoice is true and correct, that the goods listed are ` +
  'of the origin shown, and that they are my personal effects, not for resale.';

/**
 * The declared items of a shipment's packages, each with its package's Hopbox ID, in the packages' order.
 * A package without items (received before declarations existed) counts as one item of its content and value.
 */
export async function declaredLinesOf(db: Executor, packages: readonly PackageRow[]): Promise<InvoiceLine[]> {
  const declarations = await declarationItemsOf(
    db,
    packages.map((p) => p.id),
  );
  return packages.flatMap((p) => {
    const items: DeclarationItem[] = declarations.get(p.id) ?? [];
    const declared = items.length > 0 ? items : [fallbackItem(p)];
    return declared.map((item) => ({
      hopboxId: p.hopboxId,
      description: item.description,
      hsCode: item.hsCode,
      originCountry: item.originCountry,
      quantity: item.quantity,
      unitValue: item.unitValue,
      currency: item.currency,
    }));
  });
}

const fallbackItem = (p: PackageRow): DeclarationItem => ({
  description: p.packageContent,
  hsCode: null,
  quantity: 1,
  unitValue: Number(p.totalPrice),
  currency: p.currency,
  originCountry: p.origin || null,
});

/** The declared total in each currency, in the order the items first name them. */
export function totalsByCurrency(lines: readonly InvoiceLine[]) {
  const byCurrency = new Map<string, InvoiceLine[]>();
  for (const line of lines) {
    const items = byCurrency.get(line.currency);
    if (items) items.push(line);
    else byCurrency.set(line.currency, [line]);
  }
  return [...byCurrency].map(([currency, items]) => ({ currency, amount: declarationTotal(items) }));
}

/** Every currency's total in AED by the rate card's table; null when one of them is not in it. */
export function totalInAed(totals: readonly { currency: string; amount: number }[]): number | null {
  const converted = totals.map((t) => toAed(t.amount, t.currency));
  if (converted.some((amount) => amount === null)) return null;
  return sumMoney(converted as number[]);
}

const joinLines = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p?.trim())).join(', ');

/** Everything the invoice states but the booking, from the shipment and what its packages declare. */
async function invoiceOf(deps: AppDeps, { shipment, customer, host, packages }: Facts): Promise<InvoiceContents> {
  const customerName = `${customer.firstName} ${customer.lastName}`.trim();
  const lines = await declaredLinesOf(deps.db, packages);
  const totals = totalsByCurrency(lines);
  const packedWeight = shipment.packedWeight === null ? null : Number(shipment.packedWeight);
  return {
    invoiceNumber: `CI-${shipment.shipmentId}`,
    shipmentId: shipment.shipmentId,
    date: shipment.orderDate ?? deps.clock.now(),
    shipper: {
      name: customerName,
      lines: [
        `Locker ${customer.lockerNumber ?? 'not assigned'}`,
        `c/o ${host?.name ?? 'Hopbox warehouse'}`,
        ...(host ? [host.address, joinLines(host.city, host.postalCode), host.country] : [shipment.origin]),
        ...(host?.phone ? [`Tel. ${host.phone}`] : []),
      ],
    },
    consignee: {
      name: recipientOf(shipment.recipientName, customerName),
      lines: [
        shipment.address,
        joinLines(shipment.city, shipment.state, shipment.postalCode),
        shipment.country,
        ...(shipment.phone || customer.phone ? [`Tel. ${shipment.phone ?? customer.phone}`] : []),
      ],
    },
    lines,
    totals,
    totalAed: totals.length > 1 ? totalInAed(totals) : null,
    packageCount: packages.length,
    weightKg: packedWeight ?? Number(shipment.totalWeight),
    insuredValue: shipment.insured && shipment.insuredValue !== null ? Number(shipment.insuredValue) : null,
    termsOfTrade: shipment.duties?.payableAt === 'PREPAID' ? 'DDP' : 'DAP',
    ...(shipment.duties
      ? { duties: { total: shipment.duties.total, currency: shipment.duties.currency, prepaid: shipment.duties.payableAt === 'PREPAID' } }
      : {}),
    reasonForExport: REASON_FOR_EXPORT,
    declaration: declarationSentence(customerName),
  };
}

/**
 * The invoice states what is exported, so it exists once the customer has paid for the shipment
 * (its packages and destination fixed); before that a consolidation may still change: 409.
 * Its contents are those of its first download, and each render is stored (decision 046); the booking's
 * AWB is added once there is one.
 */
async function render(deps: AppDeps, shipment: ShipmentRow) {
  if (shipment.paymentStatus !== 'Paid') throw conflict(INVOICE_UNPAID, undefined, 'SHIPMENT_UNPAID');
  const contents = await frozenContents(deps.storage, shipment.id, async () =>
    invoiceOf(deps, (await repo.bookingFacts(deps.db, shipment.id)) as Facts),
  );
  const input: InvoiceInput = { ...contents, awb: shipment.awb, carrier: carrierLabel(shipment.carrier) };
  const pdf = await storedInvoicePdf(deps.storage, shipment.id, input);
  return { pdf, fileName: `commercial-invoice-${shipment.shipmentId}.pdf` };
}

/** GET /api/user/shipments/{id}/commercial-invoice: the customer's own shipment; another's is a 404. */
export async function customerCommercialInvoice(deps: AppDeps, userId: number, id: number) {
  const shipment = await repo.findUserShipment(deps.db, userId, id);
  if (!shipment) throw notFound('Shipment not found');
  return render(deps, shipment);
}

/** GET /api/staff/shipments/{id}/commercial-invoice. */
export async function staffCommercialInvoice(deps: AppDeps, id: number) {
  const shipment = await repo.findShipment(deps.db, id);
  if (!shipment) throw notFound('Shipment not found');
  return render(deps, shipment);
}
