import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi.ts';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        operationId: 'getHealth',
        summary: 'Ready when the database answers',
        response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(400, 503) },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ success: false, error: 'Service Unavailable', message: 'Database unavailable' });
      }
    },
  );
}
