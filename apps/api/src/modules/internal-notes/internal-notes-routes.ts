import { idParamsSchema } from '@hopbox/contracts/ids';
import { INTERNAL_NOTE_ENTITIES, internalNoteInputSchema, internalNoteSchema } from '@hopbox/contracts/internal-notes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';
import { errorResponses, signedInRoutes } from '../../plugins/openapi.ts';
import { addInternalNote } from './internal-notes-repository.ts';

/**
 * POST /api/staff/packages/{id}/notes and /api/staff/shipments/{id}/notes: staff's internal notes
 * (decision 053), listed with the package or shipment in the console's answers and nowhere else.
 */
export async function internalNotesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const entity of INTERNAL_NOTE_ENTITIES) {
    const asStaff = signedInRoutes(requireRole('staff', 'admin'), [`${entity}s`]);
    app.post(
      `/api/staff/${entity}s/:id/notes`,
      asStaff({
        operationId: entity === 'package' ? 'addPackageInternalNote' : 'addShipmentInternalNote',
        summary: `Add an internal note to a ${entity}: staff read it in the console; no customer answer, mail or PDF carries it`,
        params: idParamsSchema,
        body: internalNoteInputSchema,
        response: { 201: z.object({ success: z.literal(true), data: internalNoteSchema }), ...errorResponses(400, 401, 403, 404) },
      }),
      async (request, reply) =>
        reply.code(201).send({
          success: true,
          data: await addInternalNote(app.deps.db, entity, request.params.id, request.auth.user.id, request.body.body),
        }),
    );
  }
}
