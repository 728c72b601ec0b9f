import { idParamsSchema } from '@hopbox/contracts/ids';
import { packageSchema, receivePackageSchema, staffPackageSchema, staffPackagesQuerySchema } from '@hopbox/contracts/packages';
import {
  attachmentSchema,
  normalizePhotoStatus,
  PHOTO_REQUEST_PRIORITIES,
  PHOTO_REQUEST_STATUSES,
  PHOTO_REQUEST_TYPES,
  photoRequestSchema,
  staffPhotoRequestUpdateSchema,
} from '@hopbox/contracts/photo-requests';
import { SHIPMENT_STATUSES, staffShipmentSchema, staffShipmentUpdateSchema } from '@hopbox/contracts/shipments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireRole } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import * as packagesService from '../packages/packages-service.ts';
import * as photoRepo from '../photo-requests/photo-requests-repository.ts';
import * as photoService from '../photo-requests/photo-requests-service.ts';
import { readUploadForm } from '../photo-requests/upload-form.ts';
import * as shipmentsRepo from '../shipments/shipments-repository.ts';
import { staffUpdateShipment } from '../shipments/shipments-service.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;

const statusList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const statuses = v.split(',').map((s) => normalizePhotoStatus(s));
    if (statuses.some((s) => !s)) {
      ctx.addIssue({ code: 'custom', message: `Status must be one of: ${PHOTO_REQUEST_STATUSES.join(', ')}` });
      return z.NEVER;
    }
    return statuses as NonNullable<(typeof statuses)[number]>[];
  });

/** Warehouse routes: staff and admins only; a customer token answers 403. */
export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole('staff', 'admin');

  app.post(
    '/api/staff/packages',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: "Receive a package into a customer's locker",
        body: receivePackageSchema,
        response: { 201: z.object({ success: z.literal(true), data: packageSchema }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true, data: await packagesService.receivePackage(app.deps, request.auth.user.id, request.body) }),
  );

  app.post(
    '/api/staff/packages/with-photos',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary:
          'Receive a package with photos taken at receipt: multipart field "package" (the JSON body of POST /api/staff/packages) and "files" (images)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ success: z.literal(true), data: packageSchema }), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
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
    {
      onRequest: staff,
      schema: {
        tags,
        security,
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
      },
    },
    async (request) => ({ success: true as const, data: await packagesService.findLockerOwner(app.deps, request.params.lockerNumber) }),
  );

  app.get(
    '/api/staff/packages',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: 'Packages across every locker: filter by locker, search by Hopbox ID, tracking number, locker or customer',
        querystring: staffPackagesQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(staffPackageSchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    (request) => packagesService.listAllPackages(app.deps, request.query),
  );

  app.get(
    '/api/staff/photo-requests',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: 'The photo request queue, most urgent and oldest first; status may list several, comma-separated',
        querystring: z.object({
          status: statusList,
          priority: z.enum(PHOTO_REQUEST_PRIORITIES).optional(),
          requestType: z.enum(PHOTO_REQUEST_TYPES).optional(),
          q: z.string().trim().max(100).optional(),
        }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(photoRequestSchema) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photoRepo.listPhotoRequests(
        app.deps.db,
        {
          statuses: request.query.status,
          priority: request.query.priority,
          requestType: request.query.requestType,
          q: request.query.q || undefined,
        },
        'queue',
      ),
    }),
  );

  app.put(
    '/api/staff/photo-requests/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: 'Move a request: PENDING → IN_PROGRESS, COMPLETED or REJECTED; IN_PROGRESS → COMPLETED or REJECTED',
        params: idParams,
        body: staffPhotoRequestUpdateSchema,
        response: { 200: z.object({ success: z.literal(true), data: photoRequestSchema }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
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
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: 'Upload photos (multipart field "files", repeated): JPEG, PNG or WebP, at most 10 MB each',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ success: z.literal(true), result: z.literal(1), attachments: z.array(attachmentSchema) }),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { files } = await readUploadForm(request);
      const attachments = await photoService.addAttachments(app.deps, request.auth.user.id, request.params.id, files);
      return reply.code(201).send({ success: true, result: 1, attachments });
    },
  );

  app.get(
    '/api/staff/shipments',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary:
          'Shipments by status: consolidating (open consolidations), awaiting-dispatch (paid, not yet shipped), all, or one shipment status',
        querystring: z.object({ status: z.enum(['consolidating', 'awaiting-dispatch', 'all', ...SHIPMENT_STATUSES]).default('all') }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(staffShipmentSchema) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await shipmentsRepo.listForStaff(app.deps.db, request.query.status) }),
  );

  app.put(
    '/api/staff/shipments/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary:
          'Set Ready to Ship and consolidation status, or dispatch a paid shipment (AWB, Processed/Shipped/Delivered, processing date)',
        params: idParams,
        body: staffShipmentUpdateSchema,
        response: { 200: z.object({ success: z.literal(true), data: staffShipmentSchema }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await staffUpdateShipment(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );
}
