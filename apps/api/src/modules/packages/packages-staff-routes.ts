import { receiptSchema } from '@hopbox/contracts/arrivals';
import { idParamsSchema } from '@hopbox/contracts/ids';
import { moveLocationSchema } from '@hopbox/contracts/locations';
import { packageSchema, receivePackageSchema, staffPackageSchema, staffPackagesQuerySchema } from '@hopbox/contracts/packages';
import { pageOf } from '@hopbox/contracts/pages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { readUploadForm } from '../photo-requests/upload-form.ts';
import * as packagesService from './packages-service.ts';

/**
 * What receiving answers: the package, the shelf or bin it was put on, and how it was placed (the locker on
 * its label, the customer who announced it, or nobody's: then it has no locker).
 */
const receivedSchema = packageSchema.extend({
  lockerNumber: z.string().nullable(),
  location: z.string().nullable(),
  receipt: receiptSchema,
});

/**
 * Warehouse routes of packages: the look-up of a locker's owner (the step before receiving),
 * receiving into a locker, and the list across every locker. Staff and admins only; a customer
 * token answers 403.
 */
export async function packagesStaffRoutes(fastify: FastifyInstance) {
  const { app, asStaff } = moduleRoutes(fastify, 'packages');

  app.post(
    '/api/staff/packages',
    asStaff({
      operationId: 'receivePackage',
      summary:
        'Receive a package: into the locker on its label, else into the locker of the one customer who announced its tracking number, else as unidentified',
      body: receivePackageSchema,
      response: { 201: z.object({ success: z.literal(true), data: receivedSchema }), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) =>
      reply.code(201).send({ success: true, data: await packagesService.receivePackage(app.deps, request.auth.user.id, request.body) }),
  );

  app.post(
    '/api/staff/packages/with-photos',
    asStaff({
      operationId: 'receivePackageWithPhotos',
      summary:
        'Receive a package with photos taken at receipt: multipart field "package" (the JSON body of POST /api/staff/packages) and "files" (images)',
      consumes: ['multipart/form-data'],
      response: { 201: z.object({ success: z.literal(true), data: receivedSchema }), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const { files, json } = await readUploadForm(request, 'package');
      const parsed = receivePackageSchema.safeParse(json ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError(400, issue?.message ?? 'Invalid package', 'Bad Request', issue?.path.join('.') || 'package');
      }
      return reply
        .code(201)
        .send({ success: true, data: await packagesService.receivePackage(app.deps, request.auth.user.id, parsed.data, files) });
    },
  );

  app.get(
    '/api/staff/customers/:lockerNumber',
    asStaff({
      operationId: 'findLockerOwner',
      summary: 'The customer who owns a locker, to check before receiving a package',
      params: z.object({ lockerNumber: z.string().trim().toUpperCase().min(1).max(16) }),
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.object({
            id: z.number().int(),
            fullName: z.string(),
            email: z.string(),
            country: z.string().nullable(),
            lockerNumber: z.string(),
          }),
        }),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (request) => ({ success: true as const, data: await packagesService.findLockerOwner(app.deps, request.params.lockerNumber) }),
  );

  app.get(
    '/api/staff/packages',
    asStaff({
      operationId: 'listAllPackages',
      summary: 'Packages across every locker: filter by locker, search by Hopbox ID, tracking number, locker or customer',
      querystring: staffPackagesQuerySchema,
      response: {
        200: pageOf(staffPackageSchema),
        ...errorResponses(400, 401, 403),
      },
    }),
    (request) => packagesService.listAllPackages(app.deps, request.query),
  );

  app.put(
    '/api/staff/packages/:id/location',
    asStaff({
      operationId: 'movePackage',
      summary: 'Move a package to another shelf or bin of its warehouse (audited); 409 once it has left with its shipment',
      params: idParamsSchema,
      body: moveLocationSchema,
      response: {
        200: z.object({ success: z.literal(true), data: z.object({ id: z.number().int(), location: z.string() }) }),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (request) => ({
      success: true as const,
      data: await packagesService.movePackage(app.deps, request.auth.user.id, request.params.id, request.body.location),
    }),
  );
}
