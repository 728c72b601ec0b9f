import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes.ts';

export const errorCodeSchema = z.enum(ERROR_CODES);

/** The general code of an HTTP status. */
export function errorCodeForStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    502: 'UPSTREAM_FAILED',
    503: 'SERVICE_BUSY',
  };
  return codes[status] ?? (status >= 400 && status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL');
}

/** The one error shape every API failure answers with (SPEC.md section 8 reads `error` or `message`). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  /** The stable kind of failure (ERROR_CODES). */
  code: errorCodeSchema,
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
