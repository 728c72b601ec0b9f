import {
  forgotPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
  resetTokenQuerySchema,
  signInResponseSchema,
  signInSchema,
  signUpResponseSchema,
} from '@hopbox/contracts/auth';
import { errorResponseSchema } from '@hopbox/contracts/errors';
import { messages } from '@hopbox/contracts/messages';
import { mfaChallengeSchema } from '@hopbox/contracts/second-factor';
import { signUpSchema } from '@hopbox/contracts/sign-up';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/auth.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { bearerSecurity, errorResponses } from '../../plugins/openapi.ts';
import * as auth from './auth-service.ts';

const tags = ['auth'];
const messageResponse = z.object({ success: z.literal(true), message: z.string() });
/** The client as the limits see it: request.ip follows TRUST_PROXY, so a client cannot choose it. */
export const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/sso/signin',
    {
      schema: {
        tags,
        security: [],
        operationId: 'signIn',
        summary:
          'Sign in (customers, staff and admins); the role comes from the account. An account with a second factor gets an mfaToken for POST /api/auth/mfa/verify instead of the session',
        body: signInSchema,
        response: { 200: z.union([signInResponseSchema, mfaChallengeSchema]), ...errorResponses(400, 401, 429, 503) },
      },
    },
    (request) => auth.signIn(app.deps, request.body, client(request)),
  );

  app.post(
    '/api/sso/signup',
    {
      schema: {
        tags,
        security: [],
        operationId: 'signUp',
        summary: 'Create a customer account (always role user), signed in: the answer carries its first session',
        body: signUpSchema,
        response: { 201: signUpResponseSchema, ...errorResponses(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const session = await auth.signUp(app.deps, request.body, client(request));
      return reply.code(201).send({ ...session, message: messages.auth.registrationSuccess });
    },
  );

  app.post(
    '/api/auth/user/forgot-password',
    {
      schema: {
        tags,
        security: [],
        operationId: 'requestPasswordReset',
        summary: 'Mail a reset link; the answer is the same whether the email exists or not',
        body: forgotPasswordSchema,
        response: { 200: messageResponse, ...errorResponses(400, 429) },
      },
    },
    (request) => auth.forgotPassword(app.deps, request.body.email, client(request)),
  );

  app.get(
    '/api/auth/user/verify-reset-token',
    {
      schema: {
        tags,
        security: [],
        operationId: 'verifyResetToken',
        summary: 'Whether a reset link is still usable',
        querystring: resetTokenQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), valid: z.literal(true) }),
          // `valid` is absent when the query itself is refused (no token): that answer is the one error shape.
          400: errorResponseSchema.extend({ valid: z.literal(false).optional() }),
        },
      },
    },
    async (request, reply) => {
      if (await auth.verifyResetToken(app.deps, request.query.token)) return { success: true as const, valid: true as const };
      return reply.code(400).send({
        ...errorBody(400, messages.auth.resetTokenInvalid, { code: 'RESET_TOKEN_INVALID', error: messages.auth.resetTokenInvalid }),
        valid: false,
      });
    },
  );

  app.post(
    '/api/auth/user/reset-password',
    {
      schema: {
        tags,
        security: [],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset token; signs out every session',
        body: resetPasswordSchema,
        response: { 200: messageResponse, ...errorResponses(400, 429, 503) },
      },
    },
    (request) => auth.resetPassword(app.deps, request.body.token, request.body.newPassword, client(request)),
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        security: [],
        operationId: 'refreshSession',
        summary: 'Rotate a refresh token for a new access token',
        body: refreshSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => auth.refresh(app.deps, request.body.refreshToken, client(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: requireSession,
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Revoke the session of the access token',
        security: bearerSecurity,
        response: { 200: messageResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      await auth.logout(app.deps, request.auth.sessionId);
      return { success: true as const, message: messages.auth.signedOut };
    },
  );
}
