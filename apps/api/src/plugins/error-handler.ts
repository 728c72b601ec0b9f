import { type ErrorCode, errorCodeForStatus } from '@hopbox/contracts/errors';
import { messages } from '@hopbox/contracts/messages';
import { serviceMessages } from '@hopbox/contracts/service-messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeDatabaseError, isTransientDatabaseError } from '../db/errors.ts';
import { AppError, defaultErrorName } from '../lib/errors.ts';
import { StorageUnavailableError } from '../providers/storage/storage.ts';

/** The one error shape of the API: SPEC.md's success, error and message, the stable code, and the field at fault. */
export function errorBody(statusCode: number, message: string, options: { field?: string; code?: ErrorCode; error?: string } = {}) {
  return {
    success: false as const,
    error: options.error ?? defaultErrorName(statusCode),
    message,
    code: options.code ?? errorCodeForStatus(statusCode),
    ...(options.field ? { field: options.field } : {}),
  };
}

/** Sends the one error shape of the API. */
export function sendError(reply: FastifyReply, statusCode: number, message: string, field?: string, code?: ErrorCode) {
  return reply.code(statusCode).send(errorBody(statusCode, message, { field, code }));
}

/** Seconds a client is asked to wait before trying again when the database is away or busy. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: the database is restarting, unreachable or busy past its timeouts (decision 040). */
export function sendDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .code(503)
    .send(errorBody(503, serviceMessages.databaseUnavailable, { code: 'DATABASE_UNAVAILABLE' }));
}

/**
 * Turns every failure into `{ success: false, error, message, code }`: application errors keep their
 * status and message, schema failures become 400 naming the field, and anything unexpected is
 * logged and answered as a 500 that reveals nothing. A database that is away or busy is a 503 with
 * Retry-After, never a 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send(errorBody(err.statusCode, err.message, { field: err.field, code: err.code, error: err.error }));
    }
    if (err instanceof StorageUnavailableError) {
      request.log.error({ err }, 'photo storage unavailable');
      return reply.header('retry-after', '5').code(503).send(errorBody(503, messages.transport.storageUnavailable));
    }
    if (isTransientDatabaseError(err)) {
      request.log.warn({ database: describeDatabaseError(err) }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return sendError(reply, 400, first?.message ?? messages.transport.generic, field);
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return sendError(reply, 413, messages.transport.fileTooLarge);
    }
    if (status === 429) return sendError(reply, 429, messages.transport.tooManyRequests);
    if (status >= 400 && status < 500) {
      request.log.info({ err }, 'client error');
      return sendError(reply, status, clientErrorMessage(err));
    }
    request.log.error({ err }, 'unexpected error');
    return sendError(reply, 500, messages.transport.generic);
  });
}

function clientErrorMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'The request body is not valid JSON';
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  return err.message || messages.transport.generic;
}
