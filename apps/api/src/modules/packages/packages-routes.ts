import { idParamsSchema } from '@hopbox/contracts/ids';
import { messages } from '@hopbox/contracts/messages';
import {
  packageDetailsSchema,
  packageEditSchema,
  packageSchema,
  packagesPageSchema,
  packagesQuerySchema,
} from '@hopbox/contracts/packages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { declarationsRoutes } from './declarations-routes.ts';
import * as service from './packages-service.ts';

export const idParams = idParamsSchema;

export async function packagesRoutes(fastify: FastifyInstance) {
  const { app, asCustomer } = moduleRoutes(fastify, 'packages');

  app.get(
    '/api/user/received-packages',
    asCustomer({
      operationId: 'listReceivedPackages',
      summary: 'Packages in the locker (not yet in a shipment), newest first; optional page, pageSize and search q',
      querystring: packagesQuerySchema,
      response: { 200: packagesPageSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listLockerPackages(app.deps, request.auth.user.id, request.query),
  );

  app.get(
    '/api/user/left-packages',
    asCustomer({
      operationId: 'listLeftPackages',
      summary:
        'Packages that left the locker through a package request (returned, discarded, split), the latest first; optional page and pageSize',
      querystring: packagesQuerySchema.pick({ page: true, pageSize: true }),
      response: { 200: packagesPageSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listLeftPackages(app.deps, request.auth.user.id, request.query),
  );

  app.get(
    '/api/user/received-packages/:id',
    asCustomer({
      operationId: 'getReceivedPackage',
      summary: 'One package of the locker, with its photos taken at receipt',
      params: idParams,
      response: { 200: z.object({ success: z.literal(true), data: packageDetailsSchema }), ...errorResponses(401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.getUserPackageDetails(app.deps, request.auth.user.id, request.params.id),
    }),
  );

  app.put(
    '/api/user/received-packages/:id',
    asCustomer({
      operationId: 'editReceivedPackage',
      summary: 'Correct description, quantity and prices of a package still in the locker',
      params: idParams,
      body: packageEditSchema,
      response: {
        200: z.object({ success: z.literal(true), message: z.string(), data: packageSchema }),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (request) => ({
      success: true as const,
      message: messages.packages.updated,
      data: await service.editPackage(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );

  declarationsRoutes(app, asCustomer);
}
