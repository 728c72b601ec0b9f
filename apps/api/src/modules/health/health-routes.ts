import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../plugins/error-handler.ts';
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
        return reply.code(503).send(errorBody(503, 'Database unavailable'));
      }
    },
  );

  app.get(
    '/api/health/ready',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        operationId: 'getReadiness',
        summary: 'For a load balancer: 200 when the database and the photo storage both answer, else 503 naming which does not',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('ok'), storage: z.literal('ok') }),
          ...errorResponses(400, 503),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send(errorBody(503, 'Database unavailable'));
      }
      try {
        await app.deps.storage.check();
      } catch {
        return reply.code(503).send(errorBody(503, 'Photo storage unavailable'));
      }
      return { status: 'ready' as const, database: 'ok' as const, storage: 'ok' as const };
    },
  );
}
