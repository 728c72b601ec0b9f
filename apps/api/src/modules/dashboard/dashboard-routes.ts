import { dashboardSummarySchema } from '@hopbox/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import { dashboardCounts } from './dashboard-repository.ts';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user/dashboard',
    {
      onRequest: requireUser,
      schema: {
        tags: ['dashboard'],
        security: bearerSecurity,
        operationId: 'getDashboard',
        summary: "The signed-in customer's counts for the dashboard cards",
        response: { 200: z.object({ success: z.literal(true), data: dashboardSummarySchema }), ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true as const, data: await dashboardCounts(app.deps.db, request.auth.user.id, app.deps.clock.now()) }),
  );
}
