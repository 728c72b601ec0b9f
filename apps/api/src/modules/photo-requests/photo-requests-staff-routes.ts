import { idParamsSchema } from '@hopbox/contracts/ids';
import {
  attachmentSchema,
  normalizePhotoStatus,
  PHOTO_REQUEST_PRIORITIES,
  PHOTO_REQUEST_TYPES,
  PHOTO_STATUS_RULE,
  staffPhotoRequestSchema,
  staffPhotoRequestUpdateSchema,
} from '@hopbox/contracts/photo-requests';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import * as photoRepo from './photo-requests-repository.ts';
import * as photoService from './photo-requests-service.ts';
import { readUploadForm } from './upload-form.ts';

const idParams = idParamsSchema;

const statusList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const statuses = v.split(',').map((s) => normalizePhotoStatus(s));
    if (statuses.some((s) => !s)) {
      ctx.addIssue({ code: 'custom', message: PHOTO_STATUS_RULE });
      return z.NEVER;
    }
    return statuses as NonNullable<(typeof statuses)[number]>[];
  });

/** Warehouse routes of photo requests: the queue, moves, and photo uploads. Staff and admins only. */
export async function photoRequestsStaffRoutes(fastify: FastifyInstance) {
  const { app, asStaff } = moduleRoutes(fastify, 'photo-requests');

  app.get(
    '/api/staff/photo-requests',
    asStaff({
      operationId: 'listPhotoRequestQueue',
      summary: "The photo request queue, most urgent and oldest first, with each package's shelf; status may list several, comma-separated",
      querystring: z.object({
        status: statusList,
        priority: z.enum(PHOTO_REQUEST_PRIORITIES).optional(),
        requestType: z.enum(PHOTO_REQUEST_TYPES).optional(),
        q: z.string().trim().max(100).optional(),
      }),
      response: { 200: z.object({ success: z.literal(true), data: z.array(staffPhotoRequestSchema) }), ...errorResponses(400, 401, 403) },
    }),
    async (request) => ({
      success: true as const,
      data: await photoRepo.listStaffPhotoRequests(app.deps.db, {
        statuses: request.query.status,
        priority: request.query.priority,
        requestType: request.query.requestType,
        q: request.query.q || undefined,
      }),
    }),
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
