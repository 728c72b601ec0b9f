import { priceRequestSchema, priceResponseSchema } from '@hopbox/contracts/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import { quote } from './pricing-service.ts';

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
        summary: 'Price a shipment: origin and destination as codes (or names), weight in kg, dimensions in cm',
        body: priceRequestSchema,
        response: { 200: priceResponseSchema, ...errorResponses(400, 401, 502) },
      },
    },
    async (request) => ({ success: true as const, ...(await quote(app.deps, request.body)) }),
  );
}
