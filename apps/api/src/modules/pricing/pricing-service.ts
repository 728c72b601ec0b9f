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
import { RateProviderUnavailableError, UnpriceableError } from '../../providers/rates/rate-provider.ts';

/** Prices a request through the configured provider; an unpriceable lane is a 400, a silent courier a 502. */
export async function quote(deps: AppDeps, request: PriceRequest) {
  try {
    return await deps.rates.quote(request);
  } catch (err) {
    if (err instanceof UnpriceableError) {
      if (err.courierText) deps.log.warn({ courierText: err.courierText }, 'the courier gave no price');
      throw badRequest(`${messages.shipments.priceUnavailable}: ${err.message}`, undefined, 'PRICE_UNAVAILABLE');
    }
    if (err instanceof RateProviderUnavailableError) {
      deps.log.error({ err }, 'rate provider unavailable');
      throw new AppError(502, messages.shipments.priceFailed, 'Bad Gateway');
    }
    throw err;
  }
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

/** The quote together with the request it priced, which a payment keeps as its record of what was sold. */
export async function quoteShipment(deps: AppDeps, pkgs: PricedPackage[], destinationCountry: string) {
  const request = shipmentPriceRequest(pkgs, destinationCountry);
  return { ...(await quote(deps, request)), request };
}

/** What a packed consolidation costs: the packed box, priced like any request for that weight and size (decision 026). */
export async function quotePackedBox(deps: AppDeps, origin: string, box: PackedBox, destinationCountry: string) {
  const request = checkedRequest(packedBoxPriceRequest(origin, box, destinationCountry));
  return { ...(await quote(deps, request)), request };
}

export const CAPPED_LINE = 'Capped at the price of shipping them one by one';

/** The prices of one request's packages asked at once. */
const QUOTES_AT_ONCE = 4;

/**
 * Decision 026: the price of several packages before they are packed, estimated as one box of their summed
 * weight and volume, and never more than shipping each on its own (a single package is its own price).
 */
export async function estimateShipment(deps: AppDeps, pkgs: PricedPackage[], destinationCountry: string) {
  if (pkgs.length < 2) return quoteShipment(deps, pkgs, destinationCountry);
  const request = checkedRequest(consolidationEstimateRequest(pkgs, destinationCountry));
  // A courier's API is asked a few prices at a time, never one call per package at once (decision 046).
  const asking = new Semaphore(QUOTES_AT_ONCE);
  const [box, ...alone] = await Promise.all([
    quote(deps, request),
    ...pkgs.map((p) => asking.runExclusive(() => quote(deps, shipmentPriceRequest([p], destinationCountry)))),
  ]);
  const oneByOne = sumMoney(alone.map((q) => q.price));
  if (box.price <= oneByOne) return { ...box, request };
  const lines = [...box.details.lines, { label: CAPPED_LINE, amount: subtractMoney(oneByOne, box.price) }];
  return { ...box, price: oneByOne, details: { ...box.details, lines }, request };
}
