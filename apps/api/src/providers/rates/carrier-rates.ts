import type { TransitDays } from '@hopbox/contracts/carrier-options';
import type { PriceRequest } from '@hopbox/contracts/pricing';
import { CARRIERS } from '@hopbox/contracts/tracking';
import { rateCardProducts, rateCardTransitDays } from './rate-card-provider.ts';
import { type CarrierRates, type OptionQuote, type RateProvider, UnpriceableError } from './rate-provider.ts';

/** A lane the card has no transit time for still gets an honest, wide range rather than none. */
export const UNKNOWN_TRANSIT: TransitDays = { min: 3, max: 15 };

/** The request as one product at normal service asks it. */
const asProduct = (request: PriceRequest, product: string): PriceRequest => ({ ...request, productType: product, serviceType: 'NOR' });

/**
 * The sandbox carrier's options (decision 070): each product on sale (SANDBOX_CARRIER_PRODUCTS) priced by the
 * configured rate provider, the rate card by default, with the card's transit days. A product the provider cannot
 * price on the lane is left out; the others are still offered.
 */
export function createSandboxRates(rates: RateProvider, products: readonly string[]): CarrierRates {
  const names = rateCardProducts();
  return {
    carrier: 'sandbox',
    async options(request) {
      const settled = await Promise.allSettled(products.map((product) => rates.quote(asProduct(request, product))));
      const options: OptionQuote[] = [];
      settled.forEach((result, i) => {
        const product = products[i] as string;
        if (result.status === 'rejected') {
          if (result.reason instanceof UnpriceableError) return;
          throw result.reason;
        }
        options.push({
          ...result.value,
          carrier: 'sandbox',
          product,
          service: 'NOR',
          name: `Hopbox Sandbox ${names[product] ?? product}`,
          transitDays: rateCardTransitDays(request.origin, request.destination, product) ?? UNKNOWN_TRANSIT,
        });
      });
      if (options.length === 0) {
        const refused = settled.find((r) => r.status === 'rejected');
        if (refused) throw refused.reason;
      }
      return options;
    },
  };
}

/**
 * C3X Express's one product, Express at normal service, priced by its RateFinder. RateFinder gives no transit time:
 * the card's Express days on the lane stand for it.
 */
export function createC3xRates(rateFinder: RateProvider): CarrierRates {
  return {
    carrier: 'c3x',
    async options(request) {
      const quote = await rateFinder.quote(asProduct(request, 'XPS'));
      return [
        {
          ...quote,
          carrier: 'c3x',
          product: 'XPS',
          service: 'NOR',
          name: CARRIERS.c3x,
          transitDays: rateCardTransitDays(request.origin, request.destination, 'XPS') ?? UNKNOWN_TRANSIT,
        },
      ];
    },
  };
}
