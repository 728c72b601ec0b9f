import { idParamsSchema } from '@hopbox/contracts/ids';
import { attachmentSchema, staffPhotoRequestSchema, staffPhotoRequestUpdateSchema } from '@hopbox/contracts/photo-requests';
import { staffPhotoQueuePageSchema, staffPhotoQueueQuerySchema } from '@hopbox/contracts/staff-photo-requests';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import * as photoRepo from './photo-requests-repository.ts';
import * as photoService from './photo-requests-service.ts';
import { readUploadForm } from './upload-form.ts';

const idParams = idParamsSchema;

/** Warehouse routes of photo requests: the queue, moves, and photo uploads. Staff and admins only. */
export async function photoRequestsStaffRoutes(fastify: FastifyInstance) {
  const { app, asStaff } = moduleRoutes(fastify, 'photo-requests');

  app.get(
    '/api/staff/photo-requests',
    asStaff({
      operationId: 'listPhotoRequestQueue',
      summary:
        "The photo request queue, a page at a time: the open requests most urgent and oldest first, then the closed ones newest first, with each package's shelf; status may list several, comma-separated",
      querystring: staffPhotoQueueQuerySchema,
      response: { 200: staffPhotoQueuePageSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const { status, priority, requestType, q, page, pageSize } = request.query;
      const { items, total, totalCapped } = await photoRepo.listStaffPhotoRequests(
        app.deps.db,
        { statuses: status, priority, requestType, q: q || undefined },
        { page, pageSize },
      );
      return { success: true as const, data: items, total, totalCapped, page, pageSize };
    },
  );

  app.put(
    '/api/staff/photo-requests/:id',
    asStaff({
      operationId: 'updatePhotoRequest',
      summary: 'Move a request: PENDING → IN_PROGRESS, COMPLETED or REJECTED; IN_PROGRESS → COMPLETED or REJECTED',
      params: idParams,
      body: staffPhotoRequestUpdateSchema,
      response: { 200: z.object({ success: z.literal(true), data: staffPhotoRequestSchema }), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      success: true as const,
      data: await photoService.staffUpdatePhotoRequest(
        app.deps,
        request.auth.user.id,
        request.params.id,
        request.body.status,
        request.body.notes,
      ),
    }),
  );

  app.post(
    '/api/staff/photo-requests/:id/attachments',
    asStaff({
      operationId: 'uploadPhotoRequestAttachments',
      summary: 'Upload photos (multipart field "files", repeated): JPEG, PNG or WebP, at most 10 MB each',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: {
        201: z.object({ success: z.literal(true), result: z.literal(1), attachments: z.array(attachmentSchema) }),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    }),
    async (request, reply) => {
      const { files } = await readUploadForm(request);
      const attachments = await photoService.addAttachments(app.deps, request.auth.user.id, request.params.id, files);
      return reply.code(201).send({ success: true, result: 1, attachments });
    },
  );
}
