import { searchQuerySchema, searchResultsSchema } from '@hopbox/contracts/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import { searchOwn } from './search-service.ts';

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user/search',
    {
      onRequest: requireRole('user'),
      schema: {
        tags: ['search'],
        security: bearerSecurity,
        operationId: 'searchOwn',
        summary: "The header search: the customer's packages (Hopbox ID, tracking number) and shipments (shipment ID, AWB)",
        querystring: searchQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: searchResultsSchema }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await searchOwn(app.deps.db, request.auth.user.id, request.query.q) }),
  );
}
