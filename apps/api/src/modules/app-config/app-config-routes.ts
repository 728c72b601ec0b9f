import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi.ts';

/** What the web app needs to know at run time, so a brand change needs no rebuild. */
export async function appConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['health'],
        security: [],
        operationId: 'getAppConfig',
        summary: 'Brand name and provider link for the web app',
        response: { 200: z.object({ brandName: z.string(), providerUrl: z.string() }), ...errorResponses(400) },
      },
    },
    async () => ({ brandName: app.deps.config.brandName, providerUrl: app.deps.config.providerUrl }),
  );
}
