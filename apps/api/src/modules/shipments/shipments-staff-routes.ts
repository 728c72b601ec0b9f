import { idParamsSchema } from '@hopbox/contracts/ids';
import {
  airwayBillSchema,
  labelsQuerySchema,
  shipmentTrackingSchema,
  staffShipmentSchema,
  staffShipmentUpdateSchema,
} from '@hopbox/contracts/shipments';
import { staffShipmentsPageSchema, staffShipmentsQuerySchema } from '@hopbox/contracts/staff-shipments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { bookShipment, refreshTracking, shipmentLabel, shipmentLabels } from './carrier-service.ts';
import { staffCommercialInvoice } from './commercial-invoice.ts';
import { packingSlipOf, renderPackingSlipPdf } from './packing-slip-pdf.ts';
import * as shipmentsRepo from './shipments-repository.ts';
import { listStaffShipments, staffUpdateShipment } from './shipments-service.ts';

const idParams = idParamsSchema;

/** Warehouse routes of shipments: the lists by status, consolidation and dispatch. Staff and admins only. */
export async function shipmentsStaffRoutes(fastify: FastifyInstance) {
  const { app, asStaff } = moduleRoutes(fastify, 'shipments');

  app.get(
    '/api/staff/shipments',
    asStaff({
      operationId: 'listStaffShipments',
      summary:
        'Shipments newest first, a page at a time: consolidating (open consolidations; to-pack and packed of them), awaiting-dispatch (paid, not yet shipped), paid, all, or one shipment status',
      querystring: staffShipmentsQuerySchema,
      response: { 200: staffShipmentsPageSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => listStaffShipments(app.deps, request.query),
  );

  app.put(
    '/api/staff/shipments/:id',
    asStaff({
      operationId: 'updateShipment',
      summary:
        'Set Ready to Ship and consolidation status, or dispatch a paid shipment (AWB, Processed/Shipped/Delivered, processing date)',
      params: idParams,
      body: staffShipmentUpdateSchema,
      response: { 200: z.object({ success: z.literal(true), data: staffShipmentSchema }), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      success: true as const,
      data: await staffUpdateShipment(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/staff/shipments/:id/airway-bill',
    asStaff({
      operationId: 'bookShipment',
      summary:
        'Book a paid shipment with the carrier: answers its AWB and label (again: the same AWB). A Finalized shipment becomes Processed',
      params: idParams,
      response: {
        200: z.object({ success: z.literal(true), data: airwayBillSchema }),
        ...errorResponses(400, 401, 403, 404, 409, 502, 503),
      },
    }),
    async (request) => ({ success: true as const, data: await bookShipment(app.deps, request.auth.user.id, request.params.id) }),
  );

  app.get(
    '/api/staff/shipments/:id/label',
    asStaff({
      operationId: 'getShipmentLabel',
      summary: "The booked shipment's label, a 100 x 150 mm PDF",
      params: idParams,
      response: errorResponses(400, 401, 403, 404, 409, 502, 503),
    }),
    async (request, reply) => sendPdf(reply, await shipmentLabel(app.deps, request.params.id)),
  );

  app.get(
    '/api/staff/shipments/labels',
    asStaff({
      operationId: 'getShipmentLabels',
      summary: 'The labels of several booked shipments in one PDF, in the order given (ids=1,2,3)',
      querystring: labelsQuerySchema,
      response: errorResponses(400, 401, 403, 404, 409, 502, 503),
    }),
    async (request, reply) => sendPdf(reply, { pdf: await shipmentLabels(app.deps, request.query.ids), fileName: 'labels.pdf' }),
  );

  app.post(
    '/api/staff/shipments/:id/tracking/refresh',
    asStaff({
      operationId: 'refreshShipmentTracking',
      summary: "Read the carrier's tracking events now; the status follows them (Shipped at pick-up, Delivered at delivery)",
      params: idParams,
      response: {
        200: z.object({ success: z.literal(true), data: shipmentTrackingSchema }),
        ...errorResponses(400, 401, 403, 404, 409, 502, 503),
      },
    }),
    async (request) => ({ success: true as const, data: await refreshTracking(app.deps, request.params.id) }),
  );

  app.get(
    '/api/staff/shipments/:id/commercial-invoice',
    asStaff({
      operationId: 'getStaffCommercialInvoice',
      summary: "A paid shipment's commercial invoice for customs, an A4 PDF (409 before payment)",
      params: idParams,
      response: errorResponses(400, 401, 403, 404, 409),
    }),
    async (request, reply) => sendPdf(reply, await staffCommercialInvoice(app.deps, request.params.id)),
  );

  app.get(
    '/api/staff/shipments/:id/packing-slip',
    asStaff({
      operationId: 'getPackingSlip',
      summary:
        "A shipment's packing slip, an A4 PDF: its destination, the customer's note and its packages in walking order of their locations",
      params: idParams,
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply) => {
      const shipment = await shipmentsRepo.findStaffShipment(app.deps.db, request.params.id);
      if (!shipment) throw notFound('Shipment not found');
      const pdf = await renderPackingSlipPdf(packingSlipOf(shipment, app.deps.clock.now()));
      return sendPdf(reply, { pdf: Buffer.from(pdf), fileName: `packing-slip-${shipment.shipmentId}.pdf` });
    },
  );
}
