import { idParamsSchema } from '@hopbox/contracts/ids';
import { customerRefundSchema } from '@hopbox/contracts/payment-refunds';
import {
  consolidationPaymentSchema,
  paymentCheckResponseSchema,
  paymentCheckSchema,
  paymentLinkResponseSchema,
  requestPaymentSchema,
  singlePaymentSchema,
} from '@hopbox/contracts/payments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { assertTextInput } from '../../plugins/text-input.ts';
import { WebhookRejected } from '../../providers/payments/payment-provider.ts';
import * as repo from './payments-repository.ts';
import * as service from './payments-service.ts';
import { shipmentRefunds } from './refunds-service.ts';

export async function paymentsRoutes(fastify: FastifyInstance) {
  const { app, asCustomer } = moduleRoutes(fastify, 'payments');
  const linkResponses = { 200: paymentLinkResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502) };
  const checkResponses = { 200: paymentCheckResponseSchema, ...errorResponses(400, 401, 403, 404, 502) };

  app.post(
    '/api/user/shipment-payment/generate',
    asCustomer({
      operationId: 'startShipmentPayment',
      summary: 'Pay for one package: the server prices the draft and opens a card payment',
      body: singlePaymentSchema,
      response: linkResponses,
    }),
    (request) => service.generateSinglePayment(app.deps, request.auth.user.id, request.body),
  );
  app.post(
    '/api/user/shipment-payment/check',
    asCustomer({
      operationId: 'checkShipmentPayment',
      summary: 'The outcome of a single-package payment; on capture the shipment exists (once)',
      body: paymentCheckSchema,
      response: checkResponses,
    }),
    (request) => service.checkPayment(app.deps, request.auth.user.id, 'single', request.body.orderRef),
  );
  app.post(
    '/api/user/consolidation-payment/generate',
    asCustomer({
      operationId: 'startConsolidationPayment',
      summary: 'Pay for consolidations that are ready to ship',
      body: consolidationPaymentSchema,
      response: linkResponses,
    }),
    (request) => service.generateConsolidationPayment(app.deps, request.auth.user.id, request.body),
  );
  app.post(
    '/api/user/consolidation-payment/check',
    asCustomer({
      operationId: 'checkConsolidationPayment',
      summary: 'The outcome of a consolidation payment; shipmentIds lists the finished shipments',
      body: paymentCheckSchema,
      response: checkResponses,
    }),
    (request) => service.checkPayment(app.deps, request.auth.user.id, 'consolidation', request.body.orderRef),
  );

  app.post(
    '/api/user/package-requests/:id/payment',
    asCustomer({
      operationId: 'startPackageRequestPayment',
      summary:
        "Pay a return's or discard's fee before the warehouse acts: from the account balance (paid at once when it covers the fee), by card on the provider's page, or both",
      params: idParamsSchema,
      body: requestPaymentSchema,
      response: linkResponses,
    }),
    (request) => service.generateRequestPayment(app.deps, request.auth.user.id, request.params.id, request.body),
  );
  app.post(
    '/api/user/request-payment/check',
    asCustomer({
      operationId: 'checkPackageRequestPayment',
      summary: "The outcome of a request fee's payment; on capture the request is paid (once) and the warehouse may start",
      body: paymentCheckSchema,
      response: checkResponses,
    }),
    (request) => service.checkPayment(app.deps, request.auth.user.id, 'request', request.body.orderRef),
  );

  app.get(
    '/api/user/shipments/:id/refunds',
    asCustomer({
      operationId: 'getShipmentRefunds',
      summary: "Money given back from the customer's payments for one of its sent shipments: amount, reason and date",
      params: idParamsSchema,
      response: {
        200: z.object({ success: z.literal(true), data: z.array(customerRefundSchema) }),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (request) => ({ success: true as const, data: await shipmentRefunds(app.deps, request.auth.user.id, request.params.id) }),
  );

  await app.register(webhookRoute);
}

/**
 * The raw body skips the text check every parsed body gets (a NUL that PostgreSQL cannot store, nesting too deep):
 * a JSON notification gets it here, before its provider reads it; what is not JSON is the provider's to refuse.
 */
function refuseBadJsonText(raw: Buffer) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return;
  }
  assertTextInput(parsed);
}

/** A provider's notification is small; anything bigger is not one. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * A payment provider's notification, at /api/payments/{provider}/webhook (N-Genius's is /api/payments/ngenius/webhook).
 * Its own context takes any body as raw bytes, so the provider named in the path parses and authenticates exactly
 * what it sent (decision 044). Notifications are not retried by N-Genius, so one only prompts a status read;
 * reconciliation stays the safety net.
 */
async function webhookRoute(fastify: FastifyInstance) {
  const { app, tags } = moduleRoutes(fastify, 'payments');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/payments/:provider/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        security: [],
        operationId: 'receivePaymentNotification',
        summary: "A payment provider's notification, read from its raw body by that provider (N-Genius: the X-Webhook-Secret header)",
        params: z.object({ provider: z.string().regex(/^[a-z0-9-]{1,30}$/) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      refuseBadJsonText(raw);
      let orderRef: string | null;
      try {
        const provider = app.deps.payments.byName(request.params.provider);
        ({ orderRef } = await provider.parseWebhook(raw, request.headers));
      } catch (err) {
        // A provider this deployment cannot reach has no secret to prove a notification with.
        if (err instanceof AppError) return reply.code(401).send(errorBody(401, 'Invalid webhook secret'));
        if (err instanceof WebhookRejected) return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message));
        throw err;
      }
      const payment = orderRef ? await repo.findPaymentByOrderRef(app.deps.db, orderRef) : undefined;
      // Only a payment opened with this provider is settled on its word.
      if (payment && payment.provider === request.params.provider) {
        service
          .settlePayment(app.deps, payment)
          .catch((err) => request.log.warn({ err }, 'webhook settlement failed; reconciliation will retry'));
      }
      return { success: true as const };
    },
  );
}
