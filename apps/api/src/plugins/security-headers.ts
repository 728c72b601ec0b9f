import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers on every answer, API and web app alike. The middleware is built once:
 * @fastify/helmet built it again (re-reading the CSP directives) on every request, 2% of the list
 * API's CPU time (decision 020).
 */
export function securityHeaders(app: FastifyInstance) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}
