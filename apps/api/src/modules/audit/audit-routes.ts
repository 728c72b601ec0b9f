import { auditEntrySchema } from '@hopbox/contracts/audit';
import { idSchema } from '@hopbox/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import { auditTrail } from './audit-repository.ts';

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/staff/audit/:entityType/:entityId',
    {
      onRequest: requireRole('staff', 'admin'),
      schema: {
        tags: ['audit'],
        security: bearerSecurity,
        operationId: 'getAuditTrail',
        summary:
          "Who changed a package, shipment, photo request, host, payment (its refunds) or a customer's account balance (by the customer's id), when, before and after",
        params: z.object({
          entityType: z.enum(['package', 'shipment', 'photo_request', 'host', 'payment', 'wallet', 'claim']),
          entityId: idSchema,
        }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(auditEntrySchema) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auditTrail(app.deps.db, request.params.entityType, request.params.entityId),
    }),
  );
}
