import { idParamsSchema } from '@hopbox/contracts/ids';
import { pageOf, pageQuerySchema, pageSizeQuerySchema } from '@hopbox/contracts/pages';
import {
  newConversationSchema,
  SUPPORT_QUEUE_VIEWS,
  staffSupportConversationSchema,
  staffSupportConversationSummarySchema,
  supportConversationSchema,
  supportConversationSummarySchema,
  supportMessageInputSchema,
  supportMessages,
} from '@hopbox/contracts/support';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendDocument } from '../../lib/send-stored-file.ts';
import { errorResponses, JSON_OR_FORM, moduleRoutes } from '../../plugins/openapi.ts';
import { readJsonOrForm } from '../photo-requests/upload-form.ts';
import * as service from './support-service.ts';

const conversationAnswer = z.object({ success: z.literal(true), data: supportConversationSchema, message: z.string().optional() });
const staffConversationAnswer = z.object({
  success: z.literal(true),
  data: staffSupportConversationSchema,
  message: z.string().optional(),
});

/** Support conversations (decision 058): customers write from a package, shipment or payment; staff answer from a queue. */
export async function supportRoutes(fastify: FastifyInstance) {
  const { app, asAnyone, asCustomer, asStaff } = moduleRoutes(fastify, 'support');
  const deps = () => app.deps;

  app.get(
    '/api/user/support/conversations',
    asCustomer({
      operationId: 'listSupportConversations',
      summary: "The customer's conversations, the newest activity first (at most 100)",
      response: {
        200: z.object({ success: z.literal(true), data: z.array(supportConversationSummarySchema) }),
        ...errorResponses(401, 403),
      },
    }),
    async (request) => ({ success: true as const, data: await service.listCustomerConversations(deps(), request.auth.user.id) }),
  );

  app.post(
    '/api/user/support/conversations',
    asCustomer({
      operationId: 'startSupportConversation',
      summary:
        'Start a conversation about one of the customer\'s packages, shipments or payments (by the reference the customer sees), or anything else: JSON, or multipart with the JSON in field "conversation" and images or PDFs in "files"',
      consumes: JSON_OR_FORM,
      response: { 201: conversationAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const { input, files } = await readJsonOrForm(request, 'conversation', newConversationSchema);
      const data = await service.startConversation(deps(), request.auth.user.id, input, files);
      return reply.code(201).send({ success: true, data, message: supportMessages.started });
    },
  );

  app.get(
    '/api/user/support/conversations/:id',
    asCustomer({
      operationId: 'getSupportConversation',
      summary: "One of the customer's conversations with its messages",
      params: idParamsSchema,
      response: { 200: conversationAnswer, ...errorResponses(401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.getCustomerConversation(deps(), request.auth.user.id, request.params.id),
    }),
  );

  app.get(
    '/api/staff/support/conversations',
    asStaff({
      operationId: 'listSupportQueue',
      summary: 'The support queue: unanswered conversations first, the longest wait first; then the rest, the newest first',
      querystring: z.object({
        view: z.enum(SUPPORT_QUEUE_VIEWS).default('open'),
        page: pageQuerySchema.default(1),
        pageSize: pageSizeQuerySchema.default(20),
      }),
      response: { 200: pageOf(staffSupportConversationSummarySchema), ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const { view, page, pageSize } = request.query;
      return { success: true as const, ...(await service.staffQueue(deps(), view, page, pageSize)), page, pageSize };
    },
  );

  app.get(
    '/api/staff/support/conversations/:id',
    asStaff({
      operationId: 'getStaffSupportConversation',
      summary: 'A conversation with its messages, the customer and the state of what it is about',
      params: idParamsSchema,
      response: { 200: staffConversationAnswer, ...errorResponses(401, 403, 404) },
    }),
    async (request) => ({ success: true as const, data: await service.getStaffConversation(deps(), request.params.id) }),
  );

  // Writing and closing, the customer's and staff's ways alike: each side answers with its own view of the conversation.
  const sides = [
    {
      base: '/api/user/support/conversations/:id',
      guard: asCustomer,
      answer: conversationAnswer,
      write: {
        operationId: 'writeSupportMessage',
        summary: 'Write in a conversation (a closed one opens again)',
        run: service.customerWrites,
      },
      close: { operationId: 'closeSupportConversation', run: service.closeAsCustomer },
    },
    {
      base: '/api/staff/support/conversations/:id',
      guard: asStaff,
      answer: staffConversationAnswer,
      write: {
        operationId: 'answerSupportConversation',
        summary: 'Answer a conversation; the customer is mailed',
        run: service.staffAnswers,
      },
      close: { operationId: 'closeStaffSupportConversation', run: service.closeAsStaff },
    },
  ] as const;
  for (const side of sides) {
    app.post(
      `${side.base}/messages`,
      side.guard({
        operationId: side.write.operationId,
        summary: `${side.write.summary}: JSON, or multipart with the JSON in field "message" and files in "files"`,
        params: idParamsSchema,
        consumes: JSON_OR_FORM,
        response: { 201: side.answer, ...errorResponses(400, 401, 403, 404, 413, 415) },
      }),
      async (request, reply) => {
        const { input, files } = await readJsonOrForm(request, 'message', supportMessageInputSchema);
        const data = await side.write.run(deps(), request.auth.user.id, request.params.id, input.body, files);
        return reply.code(201).send({ success: true, data, message: supportMessages.sent });
      },
    );

    app.post(
      `${side.base}/close`,
      side.guard({
        operationId: side.close.operationId,
        summary: 'Close a conversation that is settled',
        params: idParamsSchema,
        response: { 200: side.answer, ...errorResponses(401, 403, 404, 409) },
      }),
      async (request) => ({
        success: true as const,
        data: await side.close.run(deps(), request.auth.user.id, request.params.id),
        message: supportMessages.closed,
      }),
    );
  }

  app.get(
    '/api/support/attachments/:id',
    asAnyone({
      operationId: 'getSupportAttachment',
      summary: "A conversation's file (its customer, staff or admin); thumbnail=1 for an image's small WebP preview",
      params: idParamsSchema,
      querystring: z.object({ thumbnail: z.enum(['0', '1']).optional() }),
      response: errorResponses(400, 401, 404),
    }),
    async (request, reply) => {
      const a = await service.findVisibleAttachment(deps(), request.auth.user, request.params.id);
      const thumbnail = request.query.thumbnail === '1' && a.thumbnailKey !== null;
      return sendDocument(
        reply,
        deps().storage,
        thumbnail
          ? { key: a.thumbnailKey as string, mimeType: 'image/webp', name: a.fileName }
          : { key: a.storageKey, mimeType: a.mimeType, name: a.fileName },
        service.missingFile,
      );
    },
  );
}
