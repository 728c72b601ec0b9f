import { messages } from '@hopbox/contracts/messages';
import { type PriceRequest, priceRequestSchema } from '@hopbox/contracts/pricing';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { RateProviderUnavailableError, roundWeight, UnpriceableError } from '../../providers/rates/rate-provider.ts';

/** Prices a request through the configured provider; an unpriceable lane is a 400, a silent courier a 502. */
export async function quote(deps: AppDeps, request: PriceRequest) {
  try {
    return await deps.rates.quote(request);
  } catch (err) {
    if (err instanceof UnpriceableError) throw badRequest(`${messages.shipments.priceUnavailable}: ${err.message}`);
    if (err instanceof RateProviderUnavailableError) {
      deps.log.error({ err }, 'rate provider unavailable');
      throw new AppError(502, messages.shipments.priceFailed, 'Bad Gateway');
    }
    throw err;
  }
}

interface PricedPackage {
  origin: string;
  quantity: number;
  packageWeight: number;
  packageLength: number;
  packageBreadth: number;
  packageHeight: number;
}

/**
 * SPEC.md section 9: the price of a shipment sums the weights, lengths, breadths, heights and
 * quantities of its packages; origin is their origin country, destination the address country.
 * The price the customer is shown and the amount charged both come from here.
 */
export function shipmentPriceRequest(pkgs: PricedPackage[], destinationCountry: string): PriceRequest {
  const sum = (pick: (p: PricedPackage) => number) => pkgs.reduce((total, p) => total + pick(p), 0);
  const origin = pkgs[0]?.origin ?? '';
  const parsed = priceRequestSchema.safeParse({
    origin,
    destination: destinationCountry,
    weight: roundWeight(sum((p) => p.packageWeight)),
    length: sum((p) => p.packageLength),
    breadth: sum((p) => p.packageBreadth),
    height: sum((p) => p.packageHeight),
    pieces: Math.max(
      1,
      sum((p) => p.quantity),
    ),
  });
  if (!parsed.success) throw badRequest(messages.shipments.invalidPriceInput);
  return parsed.data;
}

/** The quote together with the request it priced, which a payment keeps as its record of what was sold. */
export async function quoteShipment(deps: AppDeps, pkgs: PricedPackage[], destinationCountry: string) {
  const request = shipmentPriceRequest(pkgs, destinationCountry);
  return { ...(await quote(deps, request)), request };
}
