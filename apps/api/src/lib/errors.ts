import { type ErrorCode, errorCodeForStatus } from '@hopbox/contracts/errors';
import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { messages } from '@hopbox/contracts/messages';

/**
 * The one application error. `message` is shown to the user as is; `error` is a short
 * human-readable summary; `code` the stable machine-readable kind (contracts' ERROR_CODES);
 * `field` names the input at fault for 400s.
 */
export class AppError extends Error {
  /** The stable kind of failure; the status's general code unless a specific one is given. */
  readonly code: ErrorCode;

  constructor(
    /** HTTP status the API answers with. */
    readonly statusCode: number,
    /** User-facing text, usually one of contracts' messages. */
    message: string,
    /** Short name of the failure kind, e.g. "Conflict". */
    readonly error: string = defaultErrorName(statusCode),
    /** The request field at fault, for validation errors. */
    readonly field?: string,
    /** Headers the answer carries, e.g. Retry-After on a 429 or 503. */
    readonly headers?: Record<string, string>,
    /** A specific code, e.g. EMAIL_TAKEN; defaults from the status. */
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? errorCodeForStatus(statusCode);
  }
}

export const badRequest = (message: string, field?: string, code?: ErrorCode) =>
  new AppError(400, message, 'Bad Request', field, undefined, code);
export const unauthorized = (message: string = messages.transport.sessionExpired, code: ErrorCode = 'SESSION_EXPIRED') =>
  new AppError(401, message, undefined, undefined, undefined, code);
export const forbidden = () => new AppError(403, messages.transport.forbidden);
export const notFound = (message: string = messages.transport.notFound) => new AppError(404, message);
export const conflict = (message: string, field?: string, code?: ErrorCode) =>
  new AppError(409, message, 'Conflict', field, undefined, code);
/** What an open payment holds cannot change until it is paid or expires (issue "Exactly once, in one place"). */
export const heldByPayment = () => conflict(lifecycleMessages.payments.heldByPayment, undefined, 'PAYMENT_PENDING');
export const tooManyRequests = (retryAfterSeconds?: number) =>
  new AppError(
    429,
    messages.transport.tooManyRequests,
    'Too Many Requests',
    undefined,
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

export function defaultErrorName(statusCode: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  };
  return names[statusCode] ?? 'Internal Server Error';
}
