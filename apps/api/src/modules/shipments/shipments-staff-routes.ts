import { idParamsSchema } from '@hopbox/contracts/ids';
import { SHIPMENT_STATUSES, staffShipmentSchema, staffShipmentUpdateSchema } from '@hopbox/contracts/shipments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import * as shipmentsRepo from './shipments-repository.ts';
import { staffUpdateShipment } from './shipments-service.ts';

const tags = ['shipments'];
const idParams = idParamsSchema;

/** Warehouse routes of shipments: the lists by status, consolidation and dispatch. Staff and admins only. */
export async function shipmentsStaffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole('staff', 'admin');

  app.get(
    '/api/staff/shipments',
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listStaffShipments',
        summary:
          'Shipments by status: consolidating (open consolidations), awaiting-dispatch (paid, not yet shipped), all, or one shipment status',
        querystring: z.object({ status: z.enum(['consolidating', 'awaiting-dispatch', 'all', ...SHIPMENT_STATUSES]).default('all') }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(staffShipmentSchema) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await shipmentsRepo.listForStaff(app.deps.db, request.query.status) }),
  );

  app.put(
    '/api/staff/shipments/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'updateShipment',
        summary:
          'Set Ready to Ship and consolidation status, or dispatch a paid shipment (AWB, Processed/Shipped/Delivered, processing date)',
        params: idParams,
        body: staffShipmentUpdateSchema,
        response: { 200: z.object({ success: z.literal(true), data: staffShipmentSchema }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await staffUpdateShipment(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );
}
