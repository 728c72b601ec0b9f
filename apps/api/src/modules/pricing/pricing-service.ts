import { cheapestFirst, optionId } from '@hopbox/contracts/carrier-options';
import { messages } from '@hopbox/contracts/messages';
import { subtractMoney, sumMoney } from '@hopbox/contracts/money';
import {
  shipmentPriceRequest as buildShipmentPriceRequest,
  consolidationEstimateRequest,
  type PackedBox,
  type PricedPackage,
  type PriceRequest,
  type PriceRequestInput,
  packedBoxPriceRequest,
  priceRequestSchema,
} from '@hopbox/contracts/pricing';
import { Semaphore } from 'async-mutex';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type OptionQuote, type Quote, RateProviderUnavailableError, UnpriceableError } from '../../providers/rates/rate-provider.ts';

/** A provider's failure as the API answers it: an unpriceable lane is a 400, a silent courier a 502. */
function pricingFailure(deps: AppDeps, err: unknown) {
  if (err instanceof UnpriceableError) {
    if (err.courierText) deps.log.warn({ courierText: err.courierText }, 'the courier gave no price');
    return badRequest(`${messages.shipments.priceUnavailable}: ${err.message}`, undefined, 'PRICE_UNAVAILABLE');
  }
  if (err instanceof RateProviderUnavailableError) {
    deps.log.error({ err }, 'rate provider unavailable');
    return new AppError(502, messages.shipments.priceFailed, 'Bad Gateway');
  }
  return err;
}

/** Prices SPEC.md's request (section 7, figures only) through the configured provider. */
export async function quote(deps: AppDeps, request: PriceRequest) {
  try {
    return await deps.rates.quote(request);
  } catch (err) {
    throw pricingFailure(deps, err);
  }
}

export type PricedOption = OptionQuote & { id: string };

/** Every offered carrier's options for a request with the request they priced; the quote's own fields are the cheapest's. */
export interface OptionsQuote extends Quote {
  options: PricedOption[];
  request: PriceRequest;
}

const offered = (options: PricedOption[], request: PriceRequest): OptionsQuote => {
  const sorted = cheapestFirst(options);
  const cheapest = sorted[0] as PricedOption;
  return { price: cheapest.price, currency: cheapest.currency, details: cheapest.details, options: sorted, request };
};

/**
 * Asks every offered carrier (CARRIERS) for its options at once (decision 070). A carrier that cannot price the lane
 * or does not answer is left out, and the others are offered; only when none can is it the API's 400 or 502.
 */
async function quoteOptions(deps: AppDeps, request: PriceRequest): Promise<OptionsQuote> {
  const settled = await Promise.allSettled(deps.carrierRates.map((carrier) => carrier.options(request)));
  const options: PricedOption[] = [];
  const failures: unknown[] = [];
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') options.push(...result.value.map((o) => ({ ...o, id: optionId(o.carrier, o.product, o.service) })));
    else {
      failures.push(result.reason);
      deps.log.warn({ err: result.reason, carrier: deps.carrierRates[i]?.carrier }, 'a carrier gave no options');
    }
  });
  if (options.length > 0) return offered(options, request);
  const refusal = failures.find((f) => f instanceof UnpriceableError);
  throw pricingFailure(deps, refusal ?? failures[0] ?? new UnpriceableError(`No rate from ${request.origin} to ${request.destination}`));
}

/** A request the server built from its own records, checked as a customer's would be. */
function checkedRequest(input: PriceRequestInput): PriceRequest {
  const parsed = priceRequestSchema.safeParse(input);
  if (!parsed.success) throw badRequest(messages.shipments.invalidPriceInput);
  return parsed.data;
}

/**
 * The price request of a shipment (contracts' shipmentPriceRequest, the one the screen prices too), checked:
 * the price the customer is shown and the amount charged both come from here.
 */
export const shipmentPriceRequest = (pkgs: PricedPackage[], destinationCountry: string) =>
  checkedRequest(buildShipmentPriceRequest(pkgs, destinationCountry));

/** The options together with the request they priced, which a payment keeps as its record of what was sold. */
export async function quoteShipment(deps: AppDeps, pkgs: PricedPackage[], destinationCountry: string) {
  return quoteOptions(deps, shipmentPriceRequest(pkgs, destinationCountry));
}

/** What a packed consolidation costs: the packed box, priced like any request for that weight and size (decision 026). */
export async function quotePackedBox(deps: AppDeps, origin: string, box: PackedBox, destinationCountry: string) {
  return quoteOptions(deps, checkedRequest(packedBoxPriceRequest(origin, box, destinationCountry)));
}

export const CAPPED_LINE = 'Capped at the price of shipping them one by one';

/** The prices of one request's packages asked at once. */
const QUOTES_AT_ONCE = 4;

/**
 * Decision 026: the price of several packages before they are packed, estimated as one box of their summed
 * weight and volume, and never more than shipping each on its own with the same option (a single package is its
 * own price).
 */
export async function estimateShipment(deps: AppDeps, pkgs: PricedPackage[], destinationCountry: string): Promise<OptionsQuote> {
  if (pkgs.length < 2) return quoteShipment(deps, pkgs, destinationCountry);
  const request = checkedRequest(consolidationEstimateRequest(pkgs, destinationCountry));
  // A courier's API is asked a few prices at a time, never one call per package at once (decision 046).
  const asking = new Semaphore(QUOTES_AT_ONCE);
  const [box, ...alone] = await Promise.all([
    quoteOptions(deps, request),
    ...pkgs.map((p) => asking.runExclusive(() => quoteOptions(deps, shipmentPriceRequest([p], destinationCountry)))),
  ]);
  return offered(
    box.options.map((option) => cappedAtOneByOne(option, alone)),
    request,
  );
}

/** The option's price for the box, or the sum of the same option for each package alone when that is less. */
function cappedAtOneByOne(option: PricedOption, alone: readonly OptionsQuote[]): PricedOption {
  const each = alone.map((q) => q.options.find((o) => o.id === option.id));
  if (each.some((o) => !o)) return option;
  const oneByOne = sumMoney(each.map((o) => (o as PricedOption).price));
  if (option.price <= oneByOne) return option;
  const lines = [...option.details.lines, { label: CAPPED_LINE, amount: subtractMoney(oneByOne, option.price) }];
  return { ...option, price: oneByOne, details: { ...option.details, lines } };
}
