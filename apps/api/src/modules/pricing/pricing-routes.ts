import { calculatePriceBodySchema, type PriceRequest, priceResponseSchema } from '@hopbox/contracts/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import { packagesForShipment, pricedPackages } from '../shipments/shipments-service.ts';
import { estimateShipment, quote } from './pricing-service.ts';

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
      const { packages, ...figures } = request.body;
      const priced = packages
        ? await estimateShipment(
            app.deps,
            pricedPackages(await packagesForShipment(app.deps.db, request.auth.user.id, packages)),
            figures.destination,
          )
        : await quote(app.deps, figures as PriceRequest);
      return { success: true as const, price: priced.price, currency: priced.currency, details: priced.details };
    },
  );
}
