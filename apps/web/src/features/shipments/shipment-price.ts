import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { ApiError, hasErrorCode } from '@/lib/api-errors';

/** The distinct origins of a selection, in the order they first appear. */
export function originsOf(pkgs: Package[]): string[] {
  return [...new Set(pkgs.map((p) => p.origin))];
}

/**
 * SPEC.md section 8's price errors: no connection, a lane or input the server cannot price, a package that cannot ship
 * yet, or a failed calculation.
 */
export function priceErrorMessage(error: unknown): string {
  const m = messages.shipments;
  if (!(error instanceof ApiError)) return m.priceFailed;
  if (error.status === 0) return m.priceNetwork;
  if (error.status === 400) return hasErrorCode(error, 'PRICE_UNAVAILABLE') || error.generic ? m.priceUnavailable : error.message;
  // A package the warehouse is working on, or one that left the locker, cannot be priced: the server says which (decision 061).
  if (hasErrorCode(error, 'REQUEST_OPEN', 'PACKAGE_LEFT')) return error.message;
  return m.priceFailed;
}
