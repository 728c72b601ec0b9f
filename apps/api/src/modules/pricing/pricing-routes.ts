import { SHIPPING_LINE } from '@hopbox/contracts/price-breakdown';
import { calculatePriceBodySchema, type PriceRequest, priceResponseSchema } from '@hopbox/contracts/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import { packagesForShipment, pricedPackages } from '../shipments/shipments-service.ts';
import { estimateShipment, quote } from './pricing-service.ts';
import { chargeOf, dutiesOf, holdPrice, optionsOf, packagesQuoteKey, pricedParts } from './shipment-quote.ts';

export async function pricingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/user/shipments/calculate-shipping-price',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pricing'],
        security: bearerSecurity,
        operationId: 'calculateShippingPrice',
        summary:
          'Price a shipment: origin and destination as codes (or names), weight in kg, dimensions in cm; or the customer’s packages (Hopbox IDs) to a destination, priced from the packages themselves (decision 026)',
        body: calculatePriceBodySchema,
        response: { 200: priceResponseSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => {
      const { packages, insurance, option, dutiesPaid, ...figures } = request.body;
      if (!packages) {
        const priced = await quote(app.deps, figures as PriceRequest);
        return {
          success: true as const,
          price: priced.price,
          currency: priced.currency,
          details: priced.details,
          breakdown: [{ label: SHIPPING_LINE, amount: priced.price }],
        };
      }
      const offer = await quotePackages(app.deps, request.auth.user.id, packages, figures.destination);
      const charge = chargeOf(offer.held, { insured: insurance, option, dutiesPaid });
      return {
        success: true as const,
        price: charge.amount,
        currency: offer.held.currency,
        details: charge.details,
        breakdown: charge.breakdown,
        insurance: offer.held.insurance ?? { premium: 0, cover: 0 },
        ...(offer.validUntil ? { validUntil: offer.validUntil.toISOString() } : {}),
        options: optionsOf(offer.held),
        option: charge.option?.id,
        duties: dutiesOf(offer.held, charge),
        dutiesBasis: offer.held.dutiesBasis,
      };
    },
  );
}

/**
 * calculate-shipping-price with `packages`: the customer's packages priced from themselves (weight, size,
 * declared value, storage). One package is what a card payment charges, so its price is held; several are
 * the estimate of their consolidation (decision 026), paid once packed.
 */
async function quotePackages(deps: AppDeps, userId: number, refs: string[], destinationCountry: string) {
  // Asking a price changes nothing: a package being paid for may be priced again (the pay dialog does).
  const rows = await packagesForShipment(deps.db, userId, refs, { heldOk: true });
  const shipping = await estimateShipment(deps, pricedPackages(rows), destinationCountry);
  const held = await pricedParts(deps, shipping, rows);
  const validUntil = rows.length === 1 ? await holdPrice(deps, userId, packagesQuoteKey(rows, destinationCountry), held) : undefined;
  return { held, validUntil };
}
