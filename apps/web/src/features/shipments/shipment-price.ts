import { countryCode } from '@hopbox/contracts/countries';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { DEFAULT_PRODUCT_TYPE, DEFAULT_SERVICE_TYPE, type PriceRequestInput } from '@hopbox/contracts/pricing';
import { ApiError } from '@/lib/api-errors';

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const sum = (pkgs: Package[], pick: (p: Package) => number) => pkgs.reduce((total, p) => total + (Number(pick(p)) || 0), 0);

/** The selected packages' totals (SPEC.md section 9 sums them for the price). */
export function packageTotals(pkgs: Package[]) {
  return {
    weight: round3(sum(pkgs, (p) => p.packageWeight)),
    length: round3(sum(pkgs, (p) => p.packageLength)),
    breadth: round3(sum(pkgs, (p) => p.packageBreadth)),
    height: round3(sum(pkgs, (p) => p.packageHeight)),
    pieces: Math.max(
      1,
      sum(pkgs, (p) => p.quantity),
    ),
  };
}

/** The distinct origins of a selection, in the order they first appear. */
export function originsOf(pkgs: Package[]): string[] {
  return [...new Set(pkgs.map((p) => p.origin))];
}

/** A country name (or code) as the price call wants it: the code, or the text itself when unknown. */
const placeCode = (place: string) => countryCode(place) ?? place.trim();

/**
 * SPEC.md sections 4 and 9: the price request of a shipment of these packages to that country:
 * weights, lengths, breadths, heights and quantities summed; Express (XPS), normal service (NOR).
 */
export function shipmentPriceRequest(pkgs: Package[], destinationCountry: string): PriceRequestInput {
  const totals = packageTotals(pkgs);
  return {
    origin: placeCode(pkgs[0]?.origin ?? ''),
    destination: placeCode(destinationCountry),
    ...totals,
    productType: DEFAULT_PRODUCT_TYPE,
    serviceType: DEFAULT_SERVICE_TYPE,
  };
}

/** SPEC.md section 8's price errors: no connection, a lane or input the server cannot price, or a failed calculation. */
export function priceErrorMessage(error: unknown): string {
  const m = messages.shipments;
  if (!(error instanceof ApiError)) return m.priceFailed;
  if (error.status === 0) return m.priceNetwork;
  if (error.status === 400) return error.message.startsWith(m.priceUnavailable) || error.generic ? m.priceUnavailable : error.message;
  return m.priceFailed;
}
