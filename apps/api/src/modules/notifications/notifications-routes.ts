import { idParamsSchema } from '@hopbox/contracts/ids';
import { notificationPrefsSchema } from '@hopbox/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { notificationPrefs, saveNotificationPrefs } from './notifications-service.ts';
import * as outbox from './outbox-repository.ts';

const mailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});

export async function notificationsRoutes(fastify: FastifyInstance) {
  // asAnyone: any signed-in account, customers, staff and admins alike.
  const { app, asAnyone, asAdmin } = moduleRoutes(fastify, 'notifications');
  const answer = z.object({ success: z.literal(true), data: notificationPrefsSchema });

  app.get(
    '/api/user/profile/notifications',
    asAnyone({
      operationId: 'getNotificationPrefs',
      summary: 'Which optional mails the customer receives',
      response: { 200: answer, ...errorResponses(401) },
    }),
    async (request) => ({ success: true as const, data: notificationPrefs(request.auth.user.notificationPrefs) }),
  );

  app.put(
    '/api/user/profile/notifications',
    asAnyone({
      operationId: 'updateNotificationPrefs',
      summary: 'Switch optional mails on or off (password and payment mails always go)',
      body: notificationPrefsSchema,
      response: { 200: answer, ...errorResponses(400, 401) },
    }),
    async (request) => ({ success: true as const, data: await saveNotificationPrefs(app.deps, request.auth.user.id, request.body) }),
  );

  app.get(
    '/api/admin/mail',
    asAdmin({
      operationId: 'listOutboxMail',
      summary: 'Queued, sent and failed mail (newest first)',
      querystring: z.object({ status: z.enum(['QUEUED', 'SENDING', 'SENT', 'FAILED']).optional() }),
      response: { 200: z.object({ success: z.literal(true), data: z.array(mailSchema) }), ...errorResponses(400, 401, 403) },
    }),
    async (request) => ({
      success: true as const,
      data: (await outbox.listMessages(app.deps.db, request.query.status)).map((m) => ({
        id: m.id,
        kind: m.kind,
        toAddress: m.toAddress,
        subject: m.subject,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        nextAttemptAt: m.nextAttemptAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        createdAt: m.createdAt.toISOString(),
      })),
    }),
  );

  app.post(
    '/api/admin/mail/:id/retry',
    asAdmin({
      operationId: 'retryMail',
      summary: 'Send a failed mail again',
      params: idParamsSchema,
      response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      if (!(await outbox.requeue(app.deps.db, request.params.id))) throw notFound('No failed mail with this id');
      app.deps.mailWorker.kick();
      return { success: true as const, message: 'Mail queued again' };
    },
  );
}
