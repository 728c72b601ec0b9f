import { pageWindowQuerySchema } from '@hopbox/contracts/pages';
import { walletAdjustmentResponseSchema, walletAdjustmentSchema, walletResponseSchema } from '@hopbox/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import * as service from './wallet-service.ts';

const lockerParams = z.object({ lockerNumber: z.string().trim().toUpperCase().min(1).max(16) });

/** The account balance (issue "When it goes wrong", decision 063): the customer reads it; staff read and adjust it. */
export async function walletRoutes(fastify: FastifyInstance) {
  const { app, asCustomer, asStaff } = moduleRoutes(fastify, 'wallet');

  app.get(
    '/api/user/wallet',
    asCustomer({
      operationId: 'getWallet',
      summary: "The customer's account balance and a page of its credits and debits, newest first",
      querystring: pageWindowQuerySchema,
      response: { 200: walletResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => service.customerWallet(app.deps, request.auth.user.id, request.query),
  );

  app.get(
    '/api/staff/customers/:lockerNumber/wallet',
    asStaff({
      operationId: 'getCustomerWallet',
      summary: "A customer's account balance and a page of its entries, newest first, by locker number",
      params: lockerParams,
      querystring: pageWindowQuerySchema,
      response: { 200: walletResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => service.staffWallet(app.deps, request.params.lockerNumber, request.query),
  );

  app.post(
    '/api/staff/customers/:lockerNumber/wallet-adjustments',
    asStaff({
      operationId: 'adjustCustomerWallet',
      summary: "Credit (positive) or deduct (negative) an amount on a customer's account balance, with a reason (audited)",
      params: lockerParams,
      body: walletAdjustmentSchema,
      response: { 200: walletAdjustmentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => service.staffAdjust(app.deps, request.auth.user.id, request.params.lockerNumber, request.body),
  );
}
