import { idParamsSchema } from '@hopbox/contracts/ids';
import {
  refundAnswerSchema,
  refundInputSchema,
  staffPaymentsPageSchema,
  staffPaymentsQuerySchema,
} from '@hopbox/contracts/payment-refunds';
import type { FastifyInstance } from 'fastify';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import * as refunds from './refunds-service.ts';

/** The console's Payments page: every payment, and refunds (decision 045). Staff and admins only. */
export async function paymentsStaffRoutes(fastify: FastifyInstance) {
  const { app, asStaff } = moduleRoutes(fastify, 'payments');

  app.get(
    '/api/staff/payments',
    asStaff({
      operationId: 'listPayments',
      summary: 'Every payment, or those of one status (NEEDS_ATTENTION: money taken that made no shipment), newest first',
      querystring: staffPaymentsQuerySchema,
      response: { 200: staffPaymentsPageSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => refunds.listPayments(app.deps, request.query),
  );

  app.post(
    '/api/staff/payments/:id/refund',
    asStaff({
      operationId: 'refundPayment',
      summary: 'Give part or all of a captured payment back to the card, with the reason the customer is mailed',
      params: idParamsSchema,
      body: refundInputSchema,
      response: { 200: refundAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
    }),
    (request) => refunds.refundPayment(app.deps, request.auth.user.id, request.params.id, request.body),
  );
}
