import type { TransitDays } from '@hopbox/contracts/carrier-options';
import { type PriceDetails, type PriceRequest, roundWeight } from '@hopbox/contracts/pricing';

export interface Quote {
  price: number;
  currency: string;
  details: PriceDetails;
}

/** Anything that prices a shipment: the rate card kept as data, or a courier's API. */
export interface RateProvider {
  readonly name: string;
  quote(request: PriceRequest): Promise<Quote>;
}

/** One of a carrier's products priced for a request (decision 070): a quote, and what the customer chooses it by. */
export interface OptionQuote extends Quote {
  /** The carrier that books it: `sandbox`, `c3x`, `dhl` (the name its CarrierProvider answers to). */
  carrier: string;
  product: string;
  service: string;
  /** As customers read it: "Hopbox Sandbox Economy", "DHL Express Worldwide". */
  name: string;
  transitDays: TransitDays;
}

/**
 * What one carrier charges for a request, in each product it sells here: an empty list when it serves no product on
 * that lane. UnpriceableError when it refuses the request, RateProviderUnavailableError when it does not answer.
 */
export interface CarrierRates {
  readonly carrier: string;
  options(request: PriceRequest): Promise<OptionQuote[]>;
}

/** A price that cannot be given for the request (unknown lane, product or service): a 400 for the caller. */
export class UnpriceableError extends Error {
  constructor(
    /** Our own reason, shown to the customer. */
    message: string,
    /** The courier's own words, for the logs only (decision 046). */
    readonly courierText?: string,
  ) {
    super(message);
  }
}

/** A courier that did not answer usefully: a 502 for the caller. */
export class RateProviderUnavailableError extends Error {}

/** Chargeable weight is the larger of the actual and the volumetric weight (L x B x H / 5000). */
export function weights(request: PriceRequest, divisor: number) {
  const actualWeight = roundWeight(request.weight);
  const volumetricWeight = roundWeight((request.length * request.breadth * request.height) / divisor);
  return { actualWeight, volumetricWeight, chargeableWeight: Math.max(actualWeight, volumetricWeight) };
}
