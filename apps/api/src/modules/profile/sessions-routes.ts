import { idParamsSchema } from '@hopbox/contracts/ids';
import { revokeOthersResponseSchema, userSessionsResponseSchema } from '@hopbox/contracts/user-sessions';
import { z } from 'zod';
import { errorResponses, type SignedInRoutes, type ZodApp } from '../../plugins/openapi.ts';
import * as service from './sessions-service.ts';

/**
 * The account's signed-in sessions (issue 25, decision 050): list them, sign out one, or every one but this.
 * Registered by profileRoutes, with the profile module's guard (any signed-in account) and tags.
 */
export function sessionsRoutes(app: ZodApp, asAnyone: SignedInRoutes) {
  app.get(
    '/api/user/sessions',
    asAnyone({
      operationId: 'listSessions',
      summary:
        "The account's sessions that can still be used: device, browser and system from the user agent, when first and last seen, the network and country last used from; the current one first",
      response: { 200: userSessionsResponseSchema, ...errorResponses(401) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.listSessions(app.deps, request.auth.user.id, { sessionId: request.auth.sessionId, ip: request.ip }),
    }),
  );

  app.post(
    '/api/user/sessions/revoke-others',
    asAnyone({
      operationId: 'revokeOtherSessions',
      summary: 'Sign out every session of the account but the one making the request',
      response: { 200: revokeOthersResponseSchema, ...errorResponses(401) },
    }),
    (request) => service.revokeOtherSessions(app.deps, request.auth.user.id, request.auth.sessionId),
  );

  app.delete(
    '/api/user/sessions/:id',
    asAnyone({
      operationId: 'revokeSession',
      summary:
        "Sign out one of the account's sessions: its access and refresh tokens stop working. The current session may be given (that signs out); another account's session is not found",
      params: idParamsSchema,
      response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses(400, 401, 404) },
    }),
    (request) => service.revokeSession(app.deps, request.auth.user.id, request.params.id),
  );
}
