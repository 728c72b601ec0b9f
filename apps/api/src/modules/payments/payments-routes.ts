import { timingSafeEqual } from 'node:crypto';
import {
  consolidationPaymentSchema,
  paymentCheckResponseSchema,
  paymentCheckSchema,
  paymentLinkResponseSchema,
  singlePaymentSchema,
} from '@hopbox/contracts/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import * as repo from './payments-repository.ts';
import * as service from './payments-service.ts';

const tags = ['payments'];

export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const customer = requireRole('user');
  const linkResponses = { 200: paymentLinkResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502) };
  const checkResponses = { 200: paymentCheckResponseSchema, ...errorResponses(400, 401, 403, 404, 502) };

  app.post(
    '/api/user/shipment-payment/generate',
    {
      onRequest: customer,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'startShipmentPayment',
        summary: 'Pay for one package: the server prices the draft and opens a card payment',
        body: singlePaymentSchema,
        response: linkResponses,
      },
    },
    (request) => service.generateSinglePayment(app.deps, request.auth.user.id, request.body),
  );
  app.post(
    '/api/user/shipment-payment/check',
    {
      onRequest: customer,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'checkShipmentPayment',
        summary: 'The outcome of a single-package payment; on capture the shipment exists (once)',
        body: paymentCheckSchema,
        response: checkResponses,
      },
    },
    (request) => service.checkPayment(app.deps, request.auth.user.id, 'single', request.body.orderRef),
  );
  app.post(
    '/api/user/consolidation-payment/generate',
    {
      onRequest: customer,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'startConsolidationPayment',
        summary: 'Pay for consolidations that are ready to ship',
        body: consolidationPaymentSchema,
        response: linkResponses,
      },
    },
    (request) => service.generateConsolidationPayment(app.deps, request.auth.user.id, request.body),
  );
  app.post(
    '/api/user/consolidation-payment/check',
    {
      onRequest: customer,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'checkConsolidationPayment',
        summary: 'The outcome of a consolidation payment; shipmentIds lists the finished shipments',
        body: paymentCheckSchema,
        response: checkResponses,
      },
    },
    (request) => service.checkPayment(app.deps, request.auth.user.id, 'consolidation', request.body.orderRef),
  );

  // N-Genius webhooks are not retried, so they only prompt a status read; reconciliation stays the safety net.
  app.post(
    '/api/payments/ngenius/webhook',
    {
      schema: {
        tags,
        security: [],
        operationId: 'receiveNgeniusNotification',
        summary: 'N-Genius payment notification (shared secret in the X-Webhook-Secret header)',
        body: z.looseObject({
          orderReference: z.string().optional(),
          order: z.looseObject({ reference: z.string().optional() }).optional(),
        }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const cfg = app.deps.config.payments;
      const secret = cfg.provider === 'ngenius' ? cfg.webhookSecret : undefined;
      const given = String(request.headers['x-webhook-secret'] ?? '');
      if (!secret || given.length !== secret.length || !timingSafeEqual(Buffer.from(given), Buffer.from(secret))) {
        return reply.code(401).send(errorBody(401, 'Invalid webhook secret'));
      }
      const reference = request.body.order?.reference ?? request.body.orderReference;
      const payment = reference ? await repo.findPaymentByOrderRef(app.deps.db, reference) : undefined;
      if (payment) {
        service
          .settlePayment(app.deps, payment)
          .catch((err) => request.log.warn({ err }, 'webhook settlement failed; reconciliation will retry'));
      }
      return { success: true as const };
    },
  );
}
