import { serviceMessages } from '@hopbox/contracts/service-messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { poolTwin, saturatedPools } from '../../db/client.ts';
import { errorBody, sendDatabaseUnavailable } from '../../plugins/error-handler.ts';
import { errorResponses } from '../../plugins/openapi.ts';

/** How long a pool that turned a request away counts as saturated, while all its connections stay busy. */
const SATURATION_MEMORY_MS = 10_000;

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // Asked on the session lookup's own connections: a health check answers even while business queries
  // fill the other pools, and says what a signed-in request would meet first.
  const probe = () => (poolTwin(db, 'sessions') ?? db).execute(sql`select 1`);

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
        await probe();
        return { status: 'ok' as const };
      } catch {
        return sendDatabaseUnavailable(reply);
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
        summary:
          'For a load balancer: 200 when the database answers with connections to spare and the photo storage answers, else 503 naming which does not',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('ok'), storage: z.literal('ok') }),
          ...errorResponses(400, 503),
        },
      },
    },
    async (_request, reply) => {
      // A request lately waited past the connect timeout for a connection, and none is free yet: send no more here.
      const saturated = saturatedPools(db, SATURATION_MEMORY_MS);
      if (saturated.length > 0) {
        return reply
          .header('retry-after', '5')
          .code(503)
          .send(errorBody(503, serviceMessages.databaseBusy, { code: 'DATABASE_UNAVAILABLE' }));
      }
      try {
        await probe();
      } catch {
        return sendDatabaseUnavailable(reply);
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
