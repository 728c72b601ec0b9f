import { idParamsSchema } from '@hopbox/contracts/ids';
import { hostLocationsSchema, hostLocationsUpdateSchema } from '@hopbox/contracts/locations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';
import { errorResponses, signedInRoutes } from '../../plugins/openapi.ts';
import { hostLocationsOf, replaceHostLocations } from './host-locations-repository.ts';

const tags = ['hosts'];
const answer = z.object({ success: z.literal(true), data: hostLocationsSchema });

/** The shelves and bins of a host's warehouse (decision 053): staff read them to receive and move parcels, admins keep the list. */
export async function hostLocationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const asStaff = signedInRoutes(requireRole('staff', 'admin'), tags);
  const asAdmin = signedInRoutes(requireRole('admin'), tags);

  app.get(
    '/api/staff/hosts/:id/locations',
    asStaff({
      operationId: 'listHostLocations',
      summary: "The host's locations (shelf and bin codes) in walking order, with how many waiting packages sit at each",
      params: idParamsSchema,
      response: { 200: answer, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({ success: true as const, data: await hostLocationsOf(app.deps.db, request.params.id) }),
  );

  app.put(
    '/api/admin/hosts/:id/locations',
    asAdmin({
      operationId: 'replaceHostLocations',
      summary: "Replace the host's list of locations; a location still holding packages cannot be removed (409 LOCATION_IN_USE)",
      params: idParamsSchema,
      body: hostLocationsUpdateSchema,
      response: { 200: answer, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      success: true as const,
      data: await replaceHostLocations(app.deps.db, request.params.id, request.body.codes, request.auth.user.id),
    }),
  );
}
