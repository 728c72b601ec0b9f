import { changePasswordSchema, profileSchema, profileUpdateSchema } from '@hopbox/contracts/auth';
import { messages } from '@hopbox/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { client } from '../auth/auth-routes.ts';
import { changePassword } from '../auth/auth-service.ts';
import { toProfile } from '../auth/session-user.ts';
import { updateProfile } from './profile-service.ts';
import { sessionsRoutes } from './sessions-routes.ts';

export async function profileRoutes(fastify: FastifyInstance) {
  // asAnyone: customers, staff and admins alike.
  const { app, asAnyone } = moduleRoutes(fastify, 'profile');

  app.get(
    '/api/auth/user/profile',
    asAnyone({
      operationId: 'getProfile',
      summary: 'The signed-in account',
      response: { 200: z.object({ success: z.literal(true), user: profileSchema }), ...errorResponses(401) },
    }),
    async (request) => ({ success: true as const, user: toProfile(request.auth.user) }),
  );

  app.put(
    '/api/user/profile',
    asAnyone({
      operationId: 'updateProfile',
      summary:
        'Change name, email and phone (the role cannot be changed here); a new email needs currentPassword, mails the old address and signs out the other sessions',
      body: profileUpdateSchema,
      response: {
        200: z.object({ success: z.literal(true), message: z.string(), user: profileSchema }),
        ...errorResponses(400, 401, 409, 429, 503),
      },
    }),
    async (request) => {
      const user = await updateProfile(app.deps, request.auth.user.id, request.auth.sessionId, request.body, client(request));
      return { success: true as const, message: messages.profile.updated, user };
    },
  );

  app.put(
    '/api/user/profile/password',
    asAnyone({
      operationId: 'changePassword',
      summary: 'Change the password; every other session is signed out',
      body: changePasswordSchema,
      response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses(400, 401, 429, 503) },
    }),
    (request) =>
      changePassword(
        app.deps,
        request.auth.user.id,
        request.auth.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
        client(request),
      ),
  );

  sessionsRoutes(app, asAnyone);
}
