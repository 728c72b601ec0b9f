import {
  arrivalMatchQuerySchema,
  arrivalMatchSchema,
  assignSchema,
  claimSchema,
  preAlertInputSchema,
  preAlertSchema,
  publicUnidentifiedSchema,
  staffUnidentifiedSchema,
} from '@hopbox/contracts/arrivals';
import { idParamsSchema } from '@hopbox/contracts/ids';
import { packageSchema } from '@hopbox/contracts/packages';
import { pageOf, pageWindowQuerySchema } from '@hopbox/contracts/pages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentRoutes } from '../../lib/document-routes.ts';
import { errorResponses, moduleRoutes, successOf } from '../../plugins/openapi.ts';
import { readUploadForm } from '../photo-requests/upload-form.ts';
import * as service from './arrivals-service.ts';

const one = successOf;
const pageQuery = pageWindowQuerySchema;

/**
 * Arrivals (issue "Arrivals"): the customer's pre-alerts, the parcels nobody could match and their claims,
 * and the warehouse's side of both (the match at the dock, the unidentified queue, assignment).
 */
export async function arrivalsRoutes(fastify: FastifyInstance) {
  const { app, asCustomer, asStaff } = moduleRoutes(fastify, 'packages');

  app.post(
    '/api/user/pre-alerts',
    asCustomer({
      operationId: 'createPreAlert',
      summary: 'Announce a parcel on its way, matched by its tracking number when the warehouse receives it',
      body: preAlertInputSchema,
      response: { 201: one(preAlertSchema), ...errorResponses(400, 401, 403, 409) },
    }),
    async (request, reply) =>
      reply.code(201).send({ success: true, data: await service.createPreAlert(app.deps, request.auth.user.id, request.body) }),
  );

  app.get(
    '/api/user/pre-alerts',
    asCustomer({
      operationId: 'listPreAlerts',
      summary: "The customer's pre-alerts, newest first, each with the package it became once received",
      response: { 200: one(z.array(preAlertSchema)), ...errorResponses(401, 403) },
    }),
    async (request) => ({ success: true as const, data: await service.listPreAlerts(app.deps, request.auth.user.id) }),
  );

  app.delete(
    '/api/user/pre-alerts/:id',
    asCustomer({
      operationId: 'deletePreAlert',
      summary: 'Remove a pre-alert still expected; 409 once its parcel has arrived',
      params: idParamsSchema,
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      await service.deletePreAlert(app.deps, request.auth.user.id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/pre-alerts/:id/invoice',
    asCustomer({
      operationId: 'attachPreAlertInvoice',
      summary:
        'Attach the retailer\'s invoice to a pre-alert, for customs: multipart, one PDF or image in "files"; replaces the one before',
      params: idParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 200: one(preAlertSchema), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) => {
      const { files } = await readUploadForm(request);
      return { success: true as const, data: await service.attachInvoice(app.deps, request.auth.user.id, request.params.id, files) };
    },
  );

  documentRoutes({ app, asCustomer, asStaff }, '/pre-alerts/:id/invoice', {
    user: { operationId: 'getPreAlertInvoice', summary: "The invoice attached to one of the customer's pre-alerts" },
    staff: {
      operationId: 'getStaffPreAlertInvoice',
      summary: 'The invoice a customer attached to a pre-alert, shown with the match at the dock',
    },
    find: (id, userId) => service.invoiceOf(app.deps, id, userId),
    missing: service.missingInvoice,
  });

  app.get(
    '/api/user/unidentified-packages',
    asCustomer({
      operationId: 'listUnidentifiedPackages',
      summary: 'Parcels received without a suite number, newest first: shipper, origin, date and the last 4 of the tracking number only',
      querystring: pageQuery,
      response: { 200: pageOf(publicUnidentifiedSchema), ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listPublicUnidentified(app.deps, request.query),
  );

  app.post(
    '/api/user/unidentified-packages/:id/claim',
    asCustomer({
      operationId: 'claimUnidentifiedPackage',
      summary: "Claim a parcel by its full tracking number: it moves into the customer's locker; a few attempts an hour",
      params: idParamsSchema,
      body: claimSchema,
      response: { 200: one(packageSchema), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.claimUnidentified(app.deps, request.auth.user, request.params.id, request.body.trackingNumber),
    }),
  );

  app.get(
    '/api/staff/pre-alerts/match',
    asStaff({
      operationId: 'matchArrival',
      summary: 'Who announced a tracking number: the customer, locker and what was announced when exactly one customer did',
      querystring: arrivalMatchQuerySchema,
      response: { 200: one(arrivalMatchSchema), ...errorResponses(400, 401, 403) },
    }),
    async (request) => ({ success: true as const, data: await service.matchArrival(app.deps, request.query.trackingNumber) }),
  );

  app.get(
    '/api/staff/unidentified-packages',
    asStaff({
      operationId: 'listStaffUnidentifiedPackages',
      summary: 'Parcels nobody could match, oldest first, with the days each has waited and its disposal date',
      querystring: pageQuery,
      response: { 200: pageOf(staffUnidentifiedSchema), ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listStaffUnidentified(app.deps, request.query),
  );

  app.post(
    '/api/staff/unidentified-packages/:id/assign',
    asStaff({
      operationId: 'assignUnidentifiedPackage',
      summary: "Move an unidentified parcel into a customer's locker (audited; the customer is mailed)",
      params: idParamsSchema,
      body: assignSchema,
      response: { 200: one(packageSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.assignUnidentified(app.deps, request.auth.user.id, request.params.id, request.body.lockerNumber),
    }),
  );
}
