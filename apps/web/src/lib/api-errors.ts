import { type ErrorCode, isErrorCode } from '@hopbox/contracts/error-codes';
import { messages } from '@hopbox/contracts/messages';

const t = messages.transport;

/**
 * SPEC.md section 8: any error text mentioning one of these ends the session.
 * Applied to calls made with a session only; public pages (e.g. an expired reset token) are exempt.
 */
const SESSION_FAILURE_TEXT = /token|expired|unauthorized|authentication failed|invalid token/i;

export function mentionsSessionFailure(text: string | undefined): boolean {
  return Boolean(text && SESSION_FAILURE_TEXT.test(text));
}

/**
 * A failed API call, carrying the message to show the user and the server's stable `code`
 * (contracts' ERROR_CODES): screens tell failures apart by code, never by message text.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The request field at fault, when the server named one. */
  readonly field: string | undefined;
  /** The server's machine-readable kind of failure; undefined when there was no answer or none was sent. */
  readonly code: ErrorCode | undefined;
  /** True when `message` is the catch-all text rather than the server's or a status's own. */
  readonly generic: boolean;
  /** True when the failure means the session is over (401 or SPEC.md's session words). */
  readonly endsSession: boolean;

  constructor(init: { status: number; message: string; field?: string; code?: ErrorCode; generic?: boolean; endsSession?: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.field = init.field;
    this.code = init.code;
    this.generic = init.generic ?? false;
    this.endsSession = init.endsSession ?? false;
  }
}

/** True when `error` is an API failure of that code (or of one of those codes). */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): boolean {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Turns a failed answer into SPEC.md section 8's message. `authenticated` says whether the call
 * was made with the session: only then does a 401 mean the session expired (a 401 from sign-in
 * means wrong credentials and shows the server's message).
 */
export function failureFromResponse(status: number, body: unknown, authenticated: boolean): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage = text(fields.message);
  const serverError = text(fields.error);
  const field = text(fields.field);
  const code = isErrorCode(fields.code) ? fields.code : undefined;
  const endsSession = authenticated && (status === 401 || mentionsSessionFailure(serverMessage) || mentionsSessionFailure(serverError));

  if (authenticated && status === 401)
    return new ApiError({ status, message: t.sessionExpired, code: code ?? 'SESSION_EXPIRED', endsSession: true });
  if (status === 403) return new ApiError({ status, message: t.forbidden, code, endsSession });
  if (status === 404) return new ApiError({ status, message: t.notFound, code, endsSession });
  if (status === 413) return new ApiError({ status, message: t.fileTooLarge, code, endsSession });
  const serverText = serverMessage ?? serverError;
  if (serverText) return new ApiError({ status, message: serverText, field, code, endsSession });
  return new ApiError({ status, message: t.generic, code, generic: true, endsSession });
}

export function networkFailure(): ApiError {
  return new ApiError({ status: 0, message: t.network });
}

/**
 * The message to show for any thrown value. `fallback` (a screen's own default, e.g. 'Login failed')
 * replaces only the catch-all texts; the server's words and the status messages win.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.generic && fallback ? fallback : error.message;
  return fallback ?? t.unexpected;
}
