import { messages } from '@hopbox/contracts/messages';
import { ApiError, hasErrorCode } from '@/lib/api-errors';

/**
 * SPEC.md section 8 for a payment link that could not be made: the server answered with a failure
 * ('Failed to generate payment link', with the server's reason when it gave one, e.g. a changed
 * price), or the request never got an answer ('Failed to initiate payment. Please try again.').
 */
export function paymentStartFailure(error: unknown): { title: string; description?: string } {
  const m = messages.shipments;
  if (error instanceof ApiError && error.status > 0) {
    // The gateway's own failure has no reason beyond the title.
    const reason = error.generic || hasErrorCode(error, 'UPSTREAM_FAILED') ? undefined : error.message;
    return { title: m.paymentLinkFailed, description: reason };
  }
  return { title: m.paymentInitFailed };
}
