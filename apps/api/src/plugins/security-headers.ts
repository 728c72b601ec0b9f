import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The CSP sources of a page's inline scripts, one `'sha256-…'` each: index.html sets the stored theme with a few
 * lines in `<head>`, which must run before the first paint without waiting for a file (decision 080). The hash
 * allows that exact script and nothing else inline.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/**
 * helmet's security headers on every answer, API and web app alike. The middleware is built once:
 * @fastify/helmet built it again (re-reading the CSP directives) on every request, 2% of the list
 * API's CPU time (decision 020).
 */
export function securityHeaders(app: FastifyInstance, inlineScripts: string[] = []) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScripts],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}
