import { hostInputSchema, hostSchema, hostStatsSchema } from '@hopbox/contracts/hosts';
import { idParamsSchema } from '@hopbox/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import * as repo from './hosts-repository.ts';
import * as service from './hosts-service.ts';

const tags = ['hosts'];
const one = z.object({ success: z.literal(true), data: hostSchema });
const many = z.object({ success: z.literal(true), data: z.array(hostSchema) });
/** Ids are PostgreSQL integers: a larger number would fail in the query (a 500) rather than as bad input. */
const idParams = idParamsSchema;
const signedIn = { onRequest: requireUser };
const adminOnly = { onRequest: requireRole('admin') };

export async function hostsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.db;
  const list = (operationId: string, summary: string, auth: boolean) => ({
    ...(auth ? signedIn : {}),
    schema: { tags, operationId, summary, security: auth ? bearerSecurity : [], response: { 200: many, ...errorResponses(401) } },
  });

  app.get('/api/hosts', list('listHosts', 'Every host', true), async () => ({ success: true as const, data: await repo.listHosts(db()) }));
  app.get('/api/hosts/active', list('listActiveHosts', 'Active hosts (the dashboard lists them as locker addresses)', true), async () => ({
    success: true as const,
    data: await repo.listHosts(db(), { active: true }),
  }));
  app.get(
    '/api/hosts/remote-address-service',
    list('listRemoteAddressHosts', 'Active hosts offering the remote address service', true),
    async () => ({
      success: true as const,
      data: await repo.listHosts(db(), { active: true, remoteAddressService: true }),
    }),
  );
  app.get('/api/hosts/public', list('listPublicHosts', 'Every host, active or not, without signing in', false), async () => ({
    success: true as const,
    data: await repo.listHosts(db()),
  }));
  app.get('/api/hosts/public/active', list('listPublicActiveHosts', 'Active hosts, without signing in', false), async () => ({
    success: true as const,
    data: await repo.listHosts(db(), { active: true }),
  }));
  app.get(
    '/api/hosts/stats',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getHostStats',
        summary: 'Host counts',
        response: { 200: z.object({ success: z.literal(true), data: hostStatsSchema }), ...errorResponses(401) },
      },
    },
    async () => ({ success: true as const, data: await repo.hostStats(db()) }),
  );
  app.get(
    '/api/hosts/code/:code',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getHostByCode',
        summary: 'A host by its code',
        params: z.object({ code: z.string().min(1).max(12) }),
        response: { 200: one, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getHostByCode(app.deps, request.params.code) }),
  );
  app.get(
    '/api/hosts/country/:country',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listHostsByCountry',
        summary: 'Active hosts in a country (by name)',
        params: z.object({ country: z.string().min(1).max(120) }),
        response: { 200: many, ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true as const, data: await repo.listHosts(db(), { country: request.params.country, active: true }) }),
  );
  app.get(
    '/api/hosts/:id',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getHost',
        summary: 'A host',
        params: idParams,
        response: { 200: one, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getHost(app.deps, request.params.id) }),
  );

  const write = (operationId: string, summary: string, withBody: boolean) => ({
    ...adminOnly,
    schema: {
      tags,
      security: bearerSecurity,
      operationId,
      summary: `${summary} (admin)`,
      params: idParams,
      ...(withBody ? { body: hostInputSchema } : {}),
      response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
    },
  });

  app.post(
    '/api/hosts',
    {
      ...adminOnly,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'createHost',
        summary: 'Create a host (admin)',
        body: hostInputSchema,
        response: { 201: one, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await service.createHost(app.deps, request.auth.user.id, request.body) }),
  );
  app.put('/api/hosts/:id', write('updateHost', 'Update a host', true), async (request) => ({
    success: true as const,
    data: await service.updateHost(app.deps, request.auth.user.id, request.params.id, request.body as z.output<typeof hostInputSchema>),
  }));
  app.delete(
    '/api/hosts/:id',
    {
      ...adminOnly,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'deleteHost',
        summary: 'Delete a host without shipments (admin)',
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteHost(app.deps, request.auth.user.id, request.params.id);
      return { success: true as const, message: 'Host deleted' };
    },
  );
  app.post('/api/hosts/:id/activate', write('activateHost', 'Activate a host', false), async (request) => ({
    success: true as const,
    data: await service.setHostActive(app.deps, request.auth.user.id, request.params.id, true),
  }));
  app.post('/api/hosts/:id/deactivate', write('deactivateHost', 'Deactivate a host', false), async (request) => ({
    success: true as const,
    data: await service.setHostActive(app.deps, request.auth.user.id, request.params.id, false),
  }));
  app.post(
    '/api/hosts/:id/toggle-remote-service',
    write('toggleHostRemoteService', 'Switch the remote address service on or off', false),
    async (request) => ({
      success: true as const,
      data: await service.toggleRemoteService(app.deps, request.auth.user.id, request.params.id),
    }),
  );
}
