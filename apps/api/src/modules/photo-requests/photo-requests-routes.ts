import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { idParamsSchema, idSchema } from '@hopbox/contracts/ids';
import { messages } from '@hopbox/contracts/messages';
import { photoRequestsPageSchema, photoRequestsQuerySchema } from '@hopbox/contracts/photo-request-lists';
import {
  attachmentSchema,
  createPhotoRequestForPackageSchema,
  createPhotoRequestSchema,
  photoRequestSchema,
  photoRequestStatsSchema,
  photoStatusSchema,
} from '@hopbox/contracts/photo-requests';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import * as repo from './photo-requests-repository.ts';
import * as service from './photo-requests-service.ts';

const idParams = idParamsSchema;
const productParams = z.object({ productId: idSchema });
const listAnswer = z.object({ success: z.literal(true), data: z.array(photoRequestSchema), photoRequests: z.array(photoRequestSchema) });
const oneAnswer = z.object({ success: z.literal(true), photoRequest: photoRequestSchema, message: z.string().optional() });

/** SPEC.md's client reads either `data` or `photoRequests`: both carry the list. */
const listOf = (items: z.infer<typeof photoRequestSchema>[]) => ({ success: true as const, data: items, photoRequests: items });
/** One request, with what was done to it when something was. */
const oneOf = (photoRequest: z.infer<typeof photoRequestSchema>, message?: string) => ({
  success: true as const,
  photoRequest,
  ...(message === undefined ? {} : { message }),
});

export async function photoRequestsRoutes(fastify: FastifyInstance) {
  // asAnyone: customers, staff and admins alike.
  const { app, asAnyone, asCustomer } = moduleRoutes(fastify, 'photo-requests');
  const deps = () => app.deps;

  app.get(
    '/api/user/photo-requests',
    asCustomer({
      operationId: 'listPhotoRequests',
      summary: `The customer's photo requests, newest first; optional status, search q, page and pageSize (without a page, the newest ${LIST_MAX_ROWS}, also under photoRequests)`,
      querystring: photoRequestsQuerySchema,
      response: { 200: photoRequestsPageSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listUserPhotoRequests(deps(), request.auth.user.id, request.query),
  );

  app.get(
    '/api/user/photo-requests/stats',
    asCustomer({
      operationId: 'getPhotoRequestStats',
      summary: 'Counts: pending (incl. in progress), completed, total and per status',
      response: { 200: z.object({ success: z.literal(true), data: photoRequestStatsSchema }), ...errorResponses(401, 403) },
    }),
    async (request) => ({ success: true as const, data: await service.photoRequestStats(deps(), request.auth.user.id) }),
  );

  app.get(
    '/api/user/photo-requests/status/:status',
    asCustomer({
      operationId: 'listPhotoRequestsByStatus',
      summary: 'Requests in one status',
      params: z.object({ status: photoStatusSchema }),
      response: { 200: listAnswer, ...errorResponses(400, 401, 403) },
    }),
    async (request) => listOf(await repo.listPhotoRequests(deps().db, { userId: request.auth.user.id, statuses: [request.params.status] })),
  );

  app.get(
    '/api/user/photo-requests/order/:orderId',
    asCustomer({
      operationId: 'listPhotoRequestsByOrder',
      summary: 'Requests with an order reference',
      params: z.object({ orderId: z.string().trim().min(1).max(40) }),
      response: { 200: listAnswer, ...errorResponses(401, 403) },
    }),
    async (request) => listOf(await repo.listPhotoRequests(deps().db, { userId: request.auth.user.id, orderId: request.params.orderId })),
  );

  app.get(
    '/api/user/photo-requests/check/:productId',
    asCustomer({
      operationId: 'checkOpenPhotoRequest',
      summary: 'Whether the package has an open request',
      params: productParams,
      response: { 200: z.object({ success: z.literal(true), exists: z.boolean() }), ...errorResponses(401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      exists: await service.packageHasOpenRequest(deps(), request.auth.user.id, request.params.productId),
    }),
  );

  app.post(
    '/api/user/photo-requests/create/:productId',
    asCustomer({
      operationId: 'createPhotoRequestForPackage',
      summary: 'Ask for photos of a package',
      params: productParams,
      body: createPhotoRequestForPackageSchema.nullish(),
      response: { 201: oneAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const photoRequest = await service.createPhotoRequest(deps(), request.auth.user.id, {
        ...(request.body ?? {}),
        packageId: request.params.productId,
      });
      return reply.code(201).send(oneOf(photoRequest, messages.packages.photoRequested));
    },
  );

  app.post(
    '/api/user/photo-requests',
    asCustomer({
      operationId: 'createPhotoRequest',
      summary: 'Ask for photos with a type, priority and notes',
      body: createPhotoRequestSchema,
      response: { 201: oneAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const photoRequest = await service.createPhotoRequest(deps(), request.auth.user.id, request.body);
      return reply.code(201).send(oneOf(photoRequest, messages.packages.photoRequested));
    },
  );

  app.get(
    '/api/user/photo-requests/:id',
    asCustomer({
      operationId: 'getPhotoRequest',
      summary: 'One request',
      params: idParams,
      response: { 200: oneAnswer, ...errorResponses(401, 403, 404) },
    }),
    async (request) => oneOf(await service.getUserPhotoRequest(deps(), request.auth.user.id, request.params.id)),
  );

  app.post(
    '/api/user/photo-requests/:id/cancel',
    asCustomer({
      operationId: 'cancelPhotoRequest',
      summary: 'Cancel a pending request',
      params: idParams,
      response: { 200: oneAnswer, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) =>
      oneOf(await service.cancelPhotoRequest(deps(), request.auth.user.id, request.params.id), messages.packages.photoRequestCancelled),
  );

  app.get(
    '/api/photo-request-attachments/photo-request/:id',
    asAnyone({
      operationId: 'listPhotoRequestAttachments',
      summary: "A request's photos (its owner, staff or admin)",
      params: idParams,
      response: {
        200: z.object({ success: z.literal(true), result: z.literal(1), attachments: z.array(attachmentSchema) }),
        ...errorResponses(401, 404),
      },
    }),
    async (request) => ({
      success: true as const,
      result: 1 as const,
      attachments: await service.listVisibleAttachments(deps(), request.auth.user, request.params.id),
    }),
  );

  const fileQuery = z.object({ inline: z.enum(['0', '1', 'true', 'false']).optional() });
  /** A photo shown in the page, or, with its name, saved by the browser under that name. */
  const sendFile = (reply: FastifyReply, key: string, mimeType: string, downloadName: string | null) =>
    sendStoredFile(
      reply,
      deps().storage,
      { key, mimeType, disposition: downloadName ? contentDisposition('attachment', downloadName) : 'inline' },
      service.missingFile,
    );

  app.get(
    '/api/photo-request-attachments/:id/download',
    asAnyone({
      operationId: 'downloadAttachment',
      summary: 'The photo file, with its original name (inline=1 to view)',
      params: idParams,
      querystring: fileQuery,
      response: errorResponses(400, 401, 404),
    }),
    async (request, reply) => {
      const a = await service.findVisibleAttachment(deps(), request.auth.user, request.params.id);
      const inline = request.query.inline === '1' || request.query.inline === 'true';
      return sendFile(reply, a.storageKey, a.mimeType, inline ? null : a.originalFileName);
    },
  );

  app.get(
    '/api/photo-request-attachments/:id/thumbnail',
    asAnyone({
      operationId: 'getAttachmentThumbnail',
      summary: 'A small WebP preview of the photo',
      params: idParams,
      response: errorResponses(401, 404),
    }),
    async (request, reply) => {
      const a = await service.findVisibleAttachment(deps(), request.auth.user, request.params.id);
      return sendFile(reply, a.thumbnailKey ?? a.storageKey, a.thumbnailKey ? 'image/webp' : a.mimeType, null);
    },
  );

  app.get(
    '/api/photo-request-attachments/photo-request/:id/download',
    asAnyone({
      operationId: 'downloadFirstAttachment',
      summary: "The request's first photo, or 'No image available for download'",
      params: idParams,
      response: errorResponses(401, 404),
    }),
    async (request, reply) => {
      const a = await service.firstVisibleAttachment(deps(), request.auth.user, request.params.id);
      return sendFile(reply, a.storageKey, a.mimeType, a.originalFileName);
    },
  );
}
