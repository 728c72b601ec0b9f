import { type CarrierOption, cheapestFirst } from './carrier-options.ts';
import { DUTIES_LINE, type Duties, type DutiesBasis, dutiesFor, prepaidDuties } from './duties.ts';
import { roundMoney } from './money.ts';
import { type PricedParts, type PriceLine, priceBreakdown, SHIPPING_LINE, withInsurance } from './price-breakdown.ts';

/**
 * The price of a customer's choice (issue "No surprise at the door", decisions 070 and 071): a carrier option, the
 * insurance, and whether to prepay the duties. Zod-free, kept apart from price-breakdown.ts so that pages which only
 * show a balance or a fee do not load it.
 */

/** A price with its carrier options and what the duties are estimated from (decisions 070, 071). */
export interface PricedChoices extends PricedParts {
  currency: string;
  options?: CarrierOption[];
  dutiesBasis?: DutiesBasis | null;
}

/** What the customer chose: insurance, an option by id (the cheapest when none), whether to prepay the duties. */
export interface PriceChoice {
  insured: boolean;
  option?: string | null;
  dutiesPaid?: boolean;
}

/** What a priced shipment offers to choose from: its options, its insurance and what its duties are estimated from. */
export interface ChoiceOffer {
  currency: string;
  /** Cheapest first; absent on prices held before there was a choice. */
  options?: readonly CarrierOption[];
  insurance: { premium: number; cover: number } | null | undefined;
  dutiesBasis?: DutiesBasis | null;
}

/**
 * The price of a choice from the lines of the default (the cheapest option, uninsured, duties at the door), as the
 * Finish Shipments dialog and the server both reckon it: the chosen option's shipping in place of the first line,
 * the insurance after it when chosen, the duties estimated on that shipping and premium, a last line when prepaid.
 * Null when the option named is not among those priced.
 */
export function choiceOnLines(defaultLines: readonly PriceLine[], offer: ChoiceOffer, choice: PriceChoice) {
  const options = cheapestFirst(offer.options ?? []);
  const option = choice.option ? options.find((o) => o.id === choice.option) : options[0];
  if (choice.option && !option) return null;
  const [first, ...rest] = defaultLines;
  const shipping = option?.price ?? first?.amount ?? 0;
  const premium = choice.insured && offer.insurance && offer.insurance.premium > 0 ? offer.insurance.premium : 0;
  const duties: Duties | null = offer.dutiesBasis
    ? dutiesFor(offer.dutiesBasis, shipping, premium, choice.dutiesPaid === true, offer.currency)
    : null;
  const prepaid = prepaidDuties(duties);
  const lines = [
    { label: first?.label ?? SHIPPING_LINE, amount: roundMoney(shipping) },
    ...rest,
    ...(prepaid > 0 ? [{ label: DUTIES_LINE, amount: roundMoney(prepaid) }] : []),
  ];
  const { lines: all, total } = withInsurance(lines, offer.insurance, choice.insured);
  return { option: option ?? null, shipping, duties, lines: all, total };
}

/** The price of a choice from the priced parts (the server's held price). */
export const choicePrice = (parts: PricedChoices, choice: PriceChoice) => choiceOnLines(priceBreakdown(parts, false).lines, parts, choice);
