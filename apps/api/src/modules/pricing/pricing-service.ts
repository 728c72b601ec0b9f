import { messages } from '@hopbox/contracts/messages';
import {
  shipmentPriceRequest as buildShipmentPriceRequest,
  type PricedPackage,
  type PriceRequest,
  priceRequestSchema,
} from '@hopbox/contracts/pricing';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { RateProviderUnavailableError, UnpriceableError } from '../../providers/rates/rate-provider.ts';

/** Prices a request through the configured provider; an unpriceable lane is a 400, a silent courier a 502. */
export async function quote(deps: AppDeps, request: PriceRequest) {
  try {
    return await deps.rates.quote(request);
  } catch (err) {
    if (err instanceof UnpriceableError)
      throw badRequest(`${messages.shipments.priceUnavailable}: ${err.message}`, undefined, 'PRICE_UNAVAILABLE');
    if (err instanceof RateProviderUnavailableError) {
      deps.log.error({ err }, 'rate provider unavailable');
      throw new AppError(502, messages.shipments.priceFailed, 'Bad Gateway');
    }
    throw err;
  }
}

/**
 * The price request of a shipment (contracts' shipmentPriceRequest, the one the screen prices too), checked:
 * the price the customer is shown and the amount charged both come from here.
 */
export function shipmentPriceRequest(pkgs: PricedPackage[], destinationCountry: string): PriceRequest {
  const parsed = priceRequestSchema.safeParse(buildShipmentPriceRequest(pkgs, destinationCountry));
  if (!parsed.success) throw badRequest(messages.shipments.invalidPriceInput);
  return parsed.data;
}

/** The quote together with the request it priced, which a payment keeps as its record of what was sold. */
export async function quoteShipment(deps: AppDeps, pkgs: PricedPackage[], destinationCountry: string) {
  const request = shipmentPriceRequest(pkgs, destinationCountry);
  return { ...(await quote(deps, request)), request };
}
