import type { FastifyServerOptions } from 'fastify';

/**
 * Everything that could carry a credential, wherever pino finds it in a log line: headers of the
 * request and the answer, and fields of any object logged beside a message (one or two levels deep).
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'retypePassword',
  'confirmPassword',
  'token',
  'refreshToken',
  'accessToken',
  'access_token',
  'apiKey',
  'secret',
];
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-webhook-secret"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** The path without its query: tokens travel in queries (`verify-reset-token?token=`), so no log line holds one. */
export const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

/** The API's logger: redacted, and request lines without query strings. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: pathOnly(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
