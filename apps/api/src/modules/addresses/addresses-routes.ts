import { addressInputSchema, addressSchema } from '@hopbox/contracts/addresses';
import { idParamsSchema } from '@hopbox/contracts/ids';
import { messages } from '@hopbox/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import * as repo from './addresses-repository.ts';
import * as service from './addresses-service.ts';

const idParams = idParamsSchema;
const one = z.object({ success: z.literal(true), message: z.string().optional(), data: addressSchema });

export async function addressesRoutes(fastify: FastifyInstance) {
  const { app, asCustomer } = moduleRoutes(fastify, 'addresses');

  app.get(
    '/api/user/addresses',
    asCustomer({
      operationId: 'listAddresses',
      summary: 'Saved shipping addresses, default first',
      response: { 200: z.object({ success: z.literal(true), data: z.array(addressSchema) }), ...errorResponses(401, 403) },
    }),
    async (request) => ({ success: true as const, data: await repo.listAddresses(app.deps.db, request.auth.user.id) }),
  );
  app.post(
    '/api/user/addresses',
    asCustomer({
      operationId: 'createAddress',
      summary: 'Save an address (the first becomes the default)',
      body: addressInputSchema,
      response: { 201: one, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) =>
      reply.code(201).send({
        success: true,
        message: messages.addresses.added,
        data: await service.createAddress(app.deps, request.auth.user.id, request.body),
      }),
  );
  app.put(
    '/api/user/addresses/:id',
    asCustomer({
      operationId: 'updateAddress',
      summary: 'Change an address',
      params: idParams,
      body: addressInputSchema,
      response: { 200: one, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      message: messages.addresses.updated,
      data: await service.updateAddress(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/user/addresses/:id',
    asCustomer({
      operationId: 'deleteAddress',
      summary: 'Delete an address (a deleted default passes to another)',
      params: idParams,
      response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses(401, 403, 404) },
    }),
    (request) => service.deleteAddress(app.deps, request.auth.user.id, request.params.id),
  );
  app.put(
    '/api/user/addresses/:id/set-default',
    asCustomer({
      operationId: 'setDefaultAddress',
      summary: 'Make an address the default',
      params: idParams,
      response: { 200: one, ...errorResponses(401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      message: messages.addresses.defaultUpdated,
      data: await service.setDefaultAddress(app.deps, request.auth.user.id, request.params.id),
    }),
  );
}
