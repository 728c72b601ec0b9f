import type { Role } from '@hopbox/contracts/constants';
import { secondFactorMessages } from '@hopbox/contracts/second-factor-messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { type AuthUser, findActiveSessionUser } from '../modules/auth/sessions-repository.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by `requireSession` (and so by `requireUser`). */
    auth: { user: AuthUser; sessionId: number };
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Verifies the bearer JWT (algorithm, issuer, audience, expiry) and that its session is still
 * live, so a logout or a password change ends the token at once rather than at its expiry. The
 * session's user comes from the session cache while it is fresh (decision 021). Whether the session passed
 * the second factor is not asked: only sign-out and the second factor's own routes take this alone.
 */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(request.server.deps.config, token);
  if (!claims) throw unauthorized();
  const { db, sessions, activity } = request.server.deps;
  const user = await sessions.user(claims.sessionId, claims.userId, () => findActiveSessionUser(db, claims.sessionId, claims.userId));
  if (!user) throw unauthorized();
  activity.seen(claims.sessionId, request.ip);
  request.auth = { user, sessionId: claims.sessionId };
}

/**
 * Signed in; a staff or admin session must also have passed the second factor, or every call answers 403
 * MFA_REQUIRED and the web app sends the account to enrolment (decision 049).
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  await requireSession(request, reply);
  const { user } = request.auth;
  if (user.role !== 'user' && !user.mfaVerified)
    throw new AppError(403, secondFactorMessages.required, 'Forbidden', undefined, undefined, 'MFA_REQUIRED');
}

/** Signed in and holding one of the roles; otherwise SPEC.md's 403. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireUser(request, reply);
    if (!roles.includes(request.auth.user.role)) throw forbidden();
  };
}
