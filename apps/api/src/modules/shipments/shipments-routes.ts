import { idParamsSchema } from '@hopbox/contracts/ids';
import { messages } from '@hopbox/contracts/messages';
import {
  consolidatedShipmentSchema,
  createShipmentSchema,
  finishShipmentsSchema,
  sentShipmentsPageSchema,
  sentShipmentsQuerySchema,
  shipmentTrackingSchema,
} from '@hopbox/contracts/shipments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendPdf } from '../../lib/send-pdf.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { finishShipments } from '../payments/payments-service.ts';
import { customerTracking } from './carrier-service.ts';
import { customerCommercialInvoice } from './commercial-invoice.ts';
import * as service from './shipments-service.ts';

export async function shipmentsRoutes(fastify: FastifyInstance) {
  const { app, asCustomer } = moduleRoutes(fastify, 'shipments');

  app.post(
    '/api/user/shipments',
    asCustomer({
      operationId: 'createConsolidation',
      summary: 'Consolidate several packages into a Pending shipment; a single package is created by its captured payment',
      body: createShipmentSchema,
      response: {
        200: z.object({
          success: z.literal(true),
          message: z.string(),
          data: z.object({ id: z.number().int(), shipmentId: z.string() }),
        }),
        201: z.object({
          success: z.literal(true),
          message: z.string(),
          data: z.object({ id: z.number().int(), shipmentId: z.string() }),
        }),
        ...errorResponses(400, 401, 403, 404, 409, 502),
      },
    }),
    async (request, reply) => {
      const { created, ...data } = await service.createShipment(app.deps, request.auth.user.id, request.body);
      return reply.code(created ? 201 : 200).send({ success: true, message: messages.shipments.created, data });
    },
  );

  app.get(
    '/api/user/shipments/consolidated',
    asCustomer({
      operationId: 'listConsolidations',
      summary: 'Shipments Progress: unpaid consolidations of more than one package',
      response: { 200: z.object({ success: z.literal(true), data: z.array(consolidatedShipmentSchema) }), ...errorResponses(401, 403) },
    }),
    async (request) => ({ success: true as const, data: await service.listConsolidatedWithPrices(app.deps, request.auth.user.id) }),
  );

  app.get(
    '/api/user/shipments/sent',
    asCustomer({
      operationId: 'listSentShipments',
      summary: 'Sent Shipments: paid shipments, newest first; optional page, pageSize and search q',
      querystring: sentShipmentsQuerySchema,
      response: { 200: sentShipmentsPageSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listSentShipments(app.deps, request.auth.user.id, request.query),
  );

  app.post(
    '/api/user/shipments/finish',
    asCustomer({
      operationId: 'finishConsolidations',
      summary: 'Confirm consolidations whose payment was captured (idempotent)',
      body: finishShipmentsSchema,
      response: {
        200: z.object({ success: z.literal(true), message: z.string(), shipmentIds: z.array(z.number().int()) }),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    (request) => finishShipments(app.deps, request.auth.user.id, request.body.shipmentIds),
  );

  app.get(
    '/api/user/shipments/:id/tracking',
    asCustomer({
      operationId: 'getShipmentTracking',
      summary: "The shipment's tracking timeline, newest event first (empty before the carrier has it)",
      params: idParamsSchema,
      response: { 200: z.object({ success: z.literal(true), data: shipmentTrackingSchema }), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({ success: true as const, data: await customerTracking(app.deps, request.auth.user.id, request.params.id) }),
  );

  app.get(
    '/api/user/shipments/:id/commercial-invoice',
    asCustomer({
      operationId: 'getCommercialInvoice',
      summary: "The customer's paid shipment's commercial invoice for customs, an A4 PDF (409 before payment)",
      params: idParamsSchema,
      response: errorResponses(400, 401, 403, 404, 409),
    }),
    async (request, reply) => sendPdf(reply, await customerCommercialInvoice(app.deps, request.auth.user.id, request.params.id)),
  );
}
