import { formatMoney, percentOf, roundHalfUp, toMajor, toMinor } from './money.ts';

/**
 * Import duties and taxes (issue "No surprise at the door", decision 071): what the destination's customs will ask
 * for the goods, estimated from a rule per destination country that admins keep as data, so the customer sees it
 * before paying and may prepay it instead of meeting the bill at the door. Zod-free, so the screens that show the
 * estimate load no schema library; the rule's schema is in duty-rules.ts.
 */

export const DUTY_BASES = ['FOB', 'CIF'] as const;
export type DutyBasis = (typeof DUTY_BASES)[number];

/** One destination's rule. Thresholds and fees are in `currency`; rates are percents. */
export interface DutyRule {
  currency: string;
  /** Goods declared at this value or less pay no duty. */
  dutyFreeUpTo: number;
  /** Goods declared at this value or less pay no VAT. */
  vatFreeUpTo: number;
  dutyRate: number;
  vatRate: number;
  /** Duty on the goods alone (FOB) or on goods, shipping and insurance (CIF). VAT is on that base plus the duty. */
  dutyBasis: DutyBasis;
  /** A fixed clearance fee, charged when any duty or VAT is due. */
  fees: number;
  /** HS chapters (an HS code's first two digits) that pay no duty. */
  exemptHsChapters: string[];
  /** HS chapters with their own duty rate instead of `dutyRate`. */
  hsChapterRates: Record<string, number>;
}

/** Who pays the duties: the receiver to the carrier at delivery, or the customer now with the shipping. */
export type DutiesPayableAt = 'DELIVERY' | 'PREPAID';

/** What customs is expected to ask, in the price's currency. */
export interface DutiesEstimate {
  estimated: true;
  duty: number;
  vat: number;
  fees: number;
  total: number;
  currency: string;
  payableAt: DutiesPayableAt;
  basis: DutyBasis;
  /** The rule it came from: the destination and its figures, as the screens explain them. */
  rule: {
    country: string;
    countryName: string;
    currency: string;
    dutyRate: number;
    vatRate: number;
    dutyFreeUpTo: number;
    vatFreeUpTo: number;
  };
}

/** A destination without a rule: nothing is estimated, and the answer says so. */
export interface DutiesNotEstimated {
  estimated: false;
  country: string;
  reason: string;
}

export type Duties = DutiesEstimate | DutiesNotEstimated;

/** One declared line as customs values it: its HS code (may be unknown) and its value in the price's currency. */
export interface DutiableGoods {
  hsCode: string | null;
  value: number;
}

export interface DutiesInput {
  /** ISO code of the destination, and its name. */
  country: string;
  countryName: string;
  rule: DutyRule;
  /** How much one unit of the rule's currency is in the price's currency (AED). */
  ruleUnitInPrice: number;
  goods: readonly DutiableGoods[];
  /** Shipping and insurance as charged, in the price's currency: part of a CIF base. */
  shipping: number;
  insurance: number;
  currency: string;
  dutiesPaid: boolean;
}

const chapterOf = (hsCode: string | null) => (hsCode && /^\d{2}/.test(hsCode) ? hsCode.slice(0, 2) : null);

/** The duty rate of one line: none for an exempt chapter, the chapter's own rate, else the rule's. */
export function dutyRateOf(rule: DutyRule, hsCode: string | null): number {
  const chapter = chapterOf(hsCode);
  if (chapter && rule.exemptHsChapters.includes(chapter)) return 0;
  if (chapter && rule.hsChapterRates[chapter] !== undefined) return rule.hsChapterRates[chapter] as number;
  return rule.dutyRate;
}

/**
 * Duty, VAT and fees in whole minor units of the price's currency, each rounded once. A threshold compares the
 * goods' declared value (in the rule's currency) with the rule's; a CIF base spreads shipping and insurance over the
 * lines by value, so a line's chapter rate applies to its share of the freight too.
 */
export function estimateDuties(input: DutiesInput): DutiesEstimate {
  const { rule } = input;
  const goodsMinor = input.goods.reduce((sum, g) => sum + toMinor(g.value), 0);
  const freightMinor = rule.dutyBasis === 'CIF' ? toMinor(input.shipping) + toMinor(input.insurance) : 0;
  const threshold = (value: number) => toMinor(value * input.ruleUnitInPrice);
  const dutyDue = goodsMinor > threshold(rule.dutyFreeUpTo);
  const vatDue = goodsMinor > threshold(rule.vatFreeUpTo);
  const uplift = goodsMinor > 0 ? 1 + freightMinor / goodsMinor : 1;
  const duty = dutyDue
    ? roundHalfUp(input.goods.reduce((sum, g) => sum + (toMinor(g.value) * uplift * dutyRateOf(rule, g.hsCode)) / 100, 0))
    : 0;
  const vat = vatDue ? percentOf(goodsMinor + freightMinor + duty, rule.vatRate) : 0;
  const fees = duty + vat > 0 ? toMinor(rule.fees * input.ruleUnitInPrice) : 0;
  return {
    estimated: true,
    duty: toMajor(duty),
    vat: toMajor(vat),
    fees: toMajor(fees),
    total: toMajor(duty + vat + fees),
    currency: input.currency,
    // Prepaid only when there is something to prepay: the carrier then bills the shipper for it (DHL's DTP).
    payableAt: input.dutiesPaid && duty + vat + fees > 0 ? 'PREPAID' : 'DELIVERY',
    basis: rule.dutyBasis,
    rule: {
      country: input.country,
      countryName: input.countryName,
      currency: rule.currency,
      dutyRate: rule.dutyRate,
      vatRate: rule.vatRate,
      dutyFreeUpTo: rule.dutyFreeUpTo,
      vatFreeUpTo: rule.vatFreeUpTo,
    },
  };
}

/**
 * What a price keeps to estimate the duties for any option and choice of insurance (a CIF base moves with the
 * shipping and the premium): the destination, its rule when it has one, and the goods as customs values them.
 */
export interface DutiesBasis {
  country: string;
  countryName: string;
  rule: DutyRule | null;
  /** How much one unit of the rule's currency is in the price's currency; null when the product cannot convert it. */
  ruleUnitInPrice: number | null;
  goods: DutiableGoods[];
}

/** The estimate for this shipping and insurance, or why there is none. */
export function dutiesFor(basis: DutiesBasis, shipping: number, insurance: number, dutiesPaid: boolean, currency: string): Duties {
  if (!basis.rule || basis.ruleUnitInPrice === null)
    return { estimated: false, country: basis.country, reason: notEstimatedReason(basis.countryName) };
  return estimateDuties({
    country: basis.country,
    countryName: basis.countryName,
    rule: basis.rule,
    ruleUnitInPrice: basis.ruleUnitInPrice,
    goods: basis.goods,
    shipping,
    insurance,
    currency,
    dutiesPaid,
  });
}

/** What is prepaid with the shipping: the estimate's total when the customer chose to, else nothing. */
export const prepaidDuties = (duties: Duties | null | undefined): number =>
  duties?.estimated && duties.payableAt === 'PREPAID' ? duties.total : 0;

export const DUTIES_LINE = 'Import duties and taxes';
export const PREPAY_DUTIES_LABEL = 'Prepay import duties and taxes';

/** The estimate in plain words, as the wizard, Finish Shipments, the payment page and the receipt say it. */
export function dutiesWords(duties: Duties): string {
  if (!duties.estimated) return duties.reason;
  if (duties.total <= 0) return `No import duty or VAT expected: the goods are under ${duties.rule.countryName}'s thresholds.`;
  const amount = formatMoney(duties.total, duties.currency);
  if (duties.payableAt === 'PREPAID') return `Import duties and taxes of ${amount} are prepaid: nothing more to pay at the door.`;
  return `Estimated import duties and taxes: ${amount}, payable to the carrier at delivery. Prepay them to avoid paying at the door.`;
}

/** The reason an answer gives for a destination with no rule. */
export const notEstimatedReason = (countryName: string) =>
  `Import duties and taxes are not estimated for ${countryName}: the carrier may collect them at delivery.`;

/** The estimate's parts in words, for the line under the figure: "Duty 12.00 AED · VAT 25.00 AED · Fees 30.00 AED". */
export function dutiesParts(duties: DutiesEstimate): string {
  return [
    `Duty ${formatMoney(duties.duty, duties.currency)}`,
    `VAT ${formatMoney(duties.vat, duties.currency)}`,
    ...(duties.fees > 0 ? [`Clearance fees ${formatMoney(duties.fees, duties.currency)}`] : []),
  ].join(' · ');
}
