import { DEFAULT_CURRENCY } from './constants.ts';
import { formatMoney, roundMoney, sumMoney, toMajor, toMinor } from './money.ts';

/**
 * The itemized price of a shipment (issue "Declare, insure"): shipping, the insurance premium when chosen,
 * the storage fees when any, the handling of parcels received unidentified when any, the services done on the packages
 * (repack, removed packaging, a split; decision 061) when any; with price-choice.ts's choiceOnLines, the import duties
 * and taxes when prepaid (decision 071). The lines sum to what is
 * charged. Zod-free: the wizard, the Finish Shipments
 * modal and the server build the same lines.
 */

/** A price shown to a customer is charged as shown for this long after it was made. */
export const QUOTE_HOLD_MINUTES = 30;

export interface PriceLine {
  label: string;
  amount: number;
}

export interface PricedParts {
  /** The carrier's price for the shipment. */
  shipping: number;
  /** The packages' storage fees accrued at the time of the price. */
  storageFee: number;
  /** Days charged, summed over the packages (a package 3 days past its free days counts 3). */
  storageDays: number;
  /** How many packages accrued fees. */
  storagePackages: number;
  /** The insurance on offer; null when nothing can be insured. */
  insurance: { premium: number; cover: number } | null;
  /** The handling fees of packages received without a suite number (issue "Arrivals"), and how many. */
  handlingFee?: number;
  handlingPackages?: number;
  /** The fees of package requests done on the packages (repack, removed packaging, a split), and how many packages. */
  serviceFee?: number;
  servicePackages?: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const SHIPPING_LINE = 'Shipping';
/** The line a payment partly or wholly paid from the account balance shows, negative (decision 063). */
export const ACCOUNT_BALANCE_LINE = 'Account balance';
/** The toast of a payment the account balance paid wholly: no payment page to go to. */
export const PAID_FROM_BALANCE = 'Paid from your account balance';
/** Kept here, not in messages.ts: the sign-in page's entry chunk carries every message there. */
export const INSURE_AT_PAYMENT = 'You can insure the consolidation when you pay for it, once the warehouse has packed it.';
export const insuranceLineLabel = (cover: number) => `Insurance (cover up to ${formatMoney(cover, DEFAULT_CURRENCY)})`;
export const handlingLineLabel = (packages: number) =>
  `Unidentified parcel handling${packages > 1 ? ` (${plural(packages, 'package')})` : ''}`;
export const servicesLineLabel = (packages: number) => `Services${packages > 1 ? ` (${plural(packages, 'package')})` : ''}`;
export const storageLineLabel = (packages: number, days: number) =>
  `Storage fees (${packages > 1 ? `${plural(packages, 'package')}, ` : ''}${plural(days, 'day')} past free storage)`;

/** The lines with the insurance premium after shipping when it is chosen and on offer, and their total. */
export function withInsurance(
  lines: readonly PriceLine[],
  offer: { premium: number; cover: number } | null | undefined,
  insured: boolean,
): { lines: PriceLine[]; total: number } {
  const [shipping, ...rest] = lines;
  const chosen = insured && offer && offer.premium > 0 ? [{ label: insuranceLineLabel(offer.cover), amount: offer.premium }] : [];
  const all = shipping ? [shipping, ...chosen, ...rest] : [...chosen, ...rest];
  return { lines: all, total: sumMoney(all.map((l) => l.amount)) };
}

/** The lines and their total; insurance is a line only when chosen and on offer. */
export function priceBreakdown(parts: PricedParts, insured: boolean): { lines: PriceLine[]; total: number } {
  const lines: PriceLine[] = [{ label: SHIPPING_LINE, amount: roundMoney(parts.shipping) }];
  if (parts.storageFee > 0)
    lines.push({ label: storageLineLabel(parts.storagePackages, parts.storageDays), amount: roundMoney(parts.storageFee) });
  if (parts.handlingFee && parts.handlingFee > 0)
    lines.push({ label: handlingLineLabel(parts.handlingPackages ?? 1), amount: roundMoney(parts.handlingFee) });
  if (parts.serviceFee && parts.serviceFee > 0)
    lines.push({ label: servicesLineLabel(parts.servicePackages ?? 1), amount: roundMoney(parts.serviceFee) });
  return withInsurance(lines, parts.insurance, insured);
}

/**
 * The lines with what the account balance pays as a negative "Account balance" line after them, and what is left to
 * charge to the card (decision 063); the lines as they are when no balance is used.
 */
/**
 * What the account balance pays of a price when the customer uses it, and what is left for the card: all it can, up
 * to the price (decision 063). The server charges by this rule, and the pay dialogs show it.
 */
export function balanceSplit(price: number, balance: number): { fromBalance: number; card: number } {
  const fromBalance = toMajor(Math.max(0, Math.min(toMinor(balance), toMinor(price))));
  return { fromBalance, card: toMajor(toMinor(price) - toMinor(fromBalance)) };
}

export function withAccountBalance(lines: readonly PriceLine[], balanceUsed: number): { lines: PriceLine[]; total: number } {
  const all = balanceUsed > 0 ? [...lines, { label: ACCOUNT_BALANCE_LINE, amount: -roundMoney(balanceUsed) }] : [...lines];
  return { lines: all, total: sumMoney(all.map((l) => l.amount)) };
}
