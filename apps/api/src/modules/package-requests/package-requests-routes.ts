import { idParamsSchema } from '@hopbox/contracts/ids';
import {
  hostPackageRequestFeesSchema,
  packageRequestFeeInputSchema,
  packageRequestFeeParamsSchema,
  packageRequestFeesQuerySchema,
  packageRequestInputSchema,
  packageRequestSchema,
  staffPackageRequestSchema,
  staffPackageRequestsQuerySchema,
  staffPackageRequestUpdateSchema,
} from '@hopbox/contracts/package-requests';
import { pageOf, pageWindowQuerySchema } from '@hopbox/contracts/pages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentRoutes, photoFileRoutes } from '../../lib/document-routes.ts';
import { errorResponses, JSON_OR_FORM, moduleRoutes, successOf } from '../../plugins/openapi.ts';
import { readJsonOrForm } from '../photo-requests/upload-form.ts';
import * as service from './package-requests-service.ts';

const one = successOf;
const pageQuery = pageWindowQuerySchema;

/**
 * Package requests (issue "When it goes wrong", decision 061): the customer asks for work on a package in the
 * locker at the fee shown, staff do it from a queue, admins set each warehouse's fees.
 */
export async function packageRequestsRoutes(fastify: FastifyInstance) {
  const { app, asCustomer, asStaff, asAdmin } = moduleRoutes(fastify, 'package-requests');

  app.get(
    '/api/user/package-request-fees',
    asCustomer({
      operationId: 'listPackageRequestFees',
      summary: "What each request costs: at the warehouse of the customer's package given, or at every active warehouse",
      querystring: packageRequestFeesQuerySchema,
      response: { 200: one(z.array(hostPackageRequestFeesSchema)), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.customerFees(app.deps, request.auth.user.id, request.query.packageId),
    }),
  );

  app.post(
    '/api/user/received-packages/:id/requests',
    asCustomer({
      operationId: 'createPackageRequest',
      summary:
        'Ask for work on a package in the locker: JSON { type, notes }, or multipart with that JSON in field "request" and, for a return to sender, the label in "files"; one open request per package',
      params: idParamsSchema,
      consumes: JSON_OR_FORM,
      response: { 201: one(packageRequestSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    }),
    async (request, reply) => {
      const { input, files } = await readJsonOrForm(request, 'request', packageRequestInputSchema);
      const data = await service.createRequest(app.deps, request.auth.user.id, request.params.id, input, files);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/user/received-packages/:id/requests',
    asCustomer({
      operationId: 'listPackageRequests',
      summary: "The requests of one of the customer's packages, newest first",
      params: idParamsSchema,
      querystring: pageQuery,
      response: { 200: pageOf(packageRequestSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => service.listForPackage(app.deps, request.auth.user.id, request.params.id, request.query),
  );

  app.put(
    '/api/user/package-requests/:id/cancel',
    asCustomer({
      operationId: 'withdrawPackageRequest',
      summary:
        'Withdraw a request the warehouse has not started and whose fee is not paid (REQUESTED to CANCELLED); a payment open for it is a 409',
      params: idParamsSchema,
      response: { 200: one(packageRequestSchema), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.withdrawRequest(app.deps, request.auth.user.id, request.params.id),
    }),
  );

  documentRoutes({ app, asCustomer, asStaff }, '/package-requests/:id/label', {
    user: { operationId: 'getPackageRequestLabel', summary: "The return label attached to one of the customer's requests" },
    staff: {
      operationId: 'getStaffPackageRequestLabel',
      summary: 'The return label a customer attached to a request, to print and stick on the parcel',
    },
    find: (id, userId) => service.labelOf(app.deps, id, userId),
    missing: service.missingLabel,
  });

  app.get(
    '/api/staff/package-requests',
    asStaff({
      operationId: 'listPackageRequestQueue',
      summary: "The warehouse's package requests, oldest first, all or of one status, with each package's place and customer",
      querystring: staffPackageRequestsQuerySchema,
      response: { 200: pageOf(staffPackageRequestSchema), ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listQueue(app.deps, request.query),
  );

  app.put(
    '/api/staff/package-requests/:id',
    asStaff({
      operationId: 'updatePackageRequest',
      summary:
        'Move a request: IN_PROGRESS, REJECTED, or DONE with its result, which applies it to the package (audited; the customer is mailed). JSON { status, notes, result }, or multipart with that JSON in field "move" and photos in "files": before photos with IN_PROGRESS, after photos with DONE (required for a repack or removed packaging; a split takes one per parcel, in order, each its receipt photo)',
      params: idParamsSchema,
      consumes: JSON_OR_FORM,
      response: { 200: one(packageRequestSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    }),
    async (request) => {
      const { input, files } = await readJsonOrForm(request, 'move', staffPackageRequestUpdateSchema);
      const data = await service.staffUpdate(app.deps, request.auth.user.id, request.params.id, input, files);
      return { success: true as const, data };
    },
  );

  photoFileRoutes({ app, asCustomer, asStaff }, '/package-request-photos/:id/file', {
    user: {
      operationId: 'getPackageRequestPhoto',
      summary: "A before or after photo of one of the customer's requests; thumbnail=1 for its small WebP preview",
    },
    staff: {
      operationId: 'getStaffPackageRequestPhoto',
      summary: "A before or after photo of any customer's request; thumbnail=1 for its small WebP preview",
    },
    find: (id, userId) => service.photoOf(app.deps, id, userId),
    missing: service.missingPhoto,
  });

  app.get(
    '/api/admin/package-request-fees',
    asAdmin({
      operationId: 'listAdminPackageRequestFees',
      summary: "Every warehouse's package request fees, each type its own fee or the default",
      response: { 200: one(z.array(hostPackageRequestFeesSchema)), ...errorResponses(401, 403) },
    }),
    async () => ({ success: true as const, data: await service.adminFees(app.deps) }),
  );

  app.put(
    '/api/admin/package-request-fees/:hostId/:type',
    asAdmin({
      operationId: 'setPackageRequestFee',
      summary: "Set a warehouse's fee for one request type (audited on the host); requests already asked keep their fee",
      params: packageRequestFeeParamsSchema,
      body: packageRequestFeeInputSchema,
      response: { 200: one(hostPackageRequestFeesSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.setFee(app.deps, request.auth.user.id, request.params.hostId, request.params.type, request.body.fee),
    }),
  );
}
