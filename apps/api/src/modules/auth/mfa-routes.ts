import { signInResponseSchema } from '@hopbox/contracts/auth';
import {
  mfaVerifySchema,
  recoveryCodesResponseSchema,
  secondFactorChangeSchema,
  secondFactorStatusSchema,
  totpEnableSchema,
  totpSetupResponseSchema,
  totpSetupSchema,
} from '@hopbox/contracts/second-factor';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { client } from './auth-routes.ts';
import * as mfa from './mfa-service.ts';

/**
 * The second factor (decision 049): the sign-in's code step, and enrolment, which a staff or admin session
 * reaches before it has passed a factor (`requireSession`); turning it off and new recovery codes need a
 * session that passed it (`asAnyone`: `requireUser`).
 */
export async function secondFactorRoutes(fastify: FastifyInstance) {
  const { app, tags, signedIn, asAnyone } = moduleRoutes(fastify, 'auth');
  const asSession = signedIn(requireSession);

  app.post(
    '/api/auth/mfa/verify',
    {
      schema: {
        tags,
        security: [],
        operationId: 'verifySecondFactor',
        summary: "Sign-in's second step: the mfaToken and an authenticator or recovery code answer the session",
        body: mfaVerifySchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    (request) => mfa.verifySignIn(app.deps, request.body.mfaToken, request.body.code, client(request)),
  );

  app.get(
    '/api/auth/mfa',
    asSession({
      operationId: 'getSecondFactor',
      summary: "The account's second factor: on or off, recovery codes left, and whether this session passed it",
      response: { 200: secondFactorStatusSchema, ...errorResponses(401) },
    }),
    (request) => mfa.secondFactorStatus(app.deps, request.auth),
  );

  app.post(
    '/api/auth/mfa/totp/setup',
    asSession({
      operationId: 'setUpTotp',
      summary:
        'A new authenticator secret and its otpauth URI, pending until a code confirms it (replacing one needs the password and a code)',
      body: totpSetupSchema,
      response: { 200: totpSetupResponseSchema, ...errorResponses(400, 401, 409, 429, 503) },
    }),
    (request) => mfa.setupTotp(app.deps, request.auth, request.body, client(request)),
  );

  app.post(
    '/api/auth/mfa/totp/enable',
    asSession({
      operationId: 'enableTotp',
      summary: 'Turn the pending authenticator on with its first code; answers ten recovery codes, shown once',
      body: totpEnableSchema,
      response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
    }),
    (request) => mfa.enableTotp(app.deps, request.auth, request.body.code, client(request)),
  );

  app.post(
    '/api/auth/mfa/totp/disable',
    asAnyone({
      operationId: 'disableTotp',
      summary: 'Turn two-factor authentication off (customers only): the password and a current code',
      body: secondFactorChangeSchema,
      response: {
        200: z.object({ success: z.literal(true), message: z.string() }),
        ...errorResponses(400, 401, 403, 409, 429, 503),
      },
    }),
    (request) => mfa.disableTotp(app.deps, request.auth, request.body, client(request)),
  );

  app.post(
    '/api/auth/mfa/recovery-codes',
    asAnyone({
      operationId: 'regenerateRecoveryCodes',
      summary: 'Ten new recovery codes in place of the old ones: the password and a current code',
      body: secondFactorChangeSchema,
      response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 403, 409, 429, 503) },
    }),
    (request) => mfa.regenerateRecoveryCodes(app.deps, request.auth, request.body, client(request)),
  );
}
