import { z } from 'zod';
import { DEFAULT_CURRENCY } from './constants.ts';
import { countryCode } from './countries.ts';
import { numberOrText } from './validation.ts';

export const PRODUCT_TYPES = { XPS: 'Express' } as const;
export const DEFAULT_PRODUCT_TYPE = 'XPS';
export const DEFAULT_SERVICE_TYPE = 'NOR';
/** Volumetric weight in kg = L x B x H (cm) / this divisor. */
export const VOLUMETRIC_DIVISOR = 5000;

const place = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    // The lookup compares against every country name: it only ever sees a name-sized string.
    .max(120, { message: 'Unknown country or station', abort: true })
    .transform((v, ctx) => {
      const code = countryCode(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: `Unknown country or station: ${v}` });
        return z.NEVER;
      }
      return code;
    });

const dimension = numberOrText('Dimensions must be numbers')
  .pipe(z.number().min(0, 'Dimensions cannot be negative').max(100_000))
  .default(0);

/** SPEC.md section 5 (shipping price request); origin and destination arrive as codes or names. */
export const priceRequestSchema = z.object({
  origin: place('Origin is required'),
  destination: place('Destination is required'),
  weight: numberOrText('Weight must be greater than 0').pipe(z.number().gt(0, 'Weight must be greater than 0').max(100_000)),
  length: dimension,
  breadth: dimension,
  height: dimension,
  pieces: numberOrText('Pieces must be greater than 0')
    .pipe(z.number().int().gt(0, 'Pieces must be greater than 0').max(10_000))
    .default(1),
  productType: z.string().trim().max(10).toUpperCase().default(DEFAULT_PRODUCT_TYPE),
  serviceType: z.string().trim().max(10).toUpperCase().default(DEFAULT_SERVICE_TYPE),
});
export type PriceRequestInput = z.input<typeof priceRequestSchema>;
export type PriceRequest = z.output<typeof priceRequestSchema>;

export const priceLineSchema = z.object({ label: z.string(), amount: z.number() });

export const priceDetailsSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  productType: z.string(),
  productName: z.string(),
  serviceType: z.string(),
  pieces: z.number().int(),
  actualWeight: z.number(),
  volumetricWeight: z.number(),
  chargeableWeight: z.number(),
  zone: z.string(),
  lines: z.array(priceLineSchema),
  provider: z.string(),
});
export type PriceDetails = z.infer<typeof priceDetailsSchema>;

export const priceResponseSchema = z.object({
  success: z.literal(true),
  price: z.number(),
  currency: z.string(),
  details: priceDetailsSchema,
});
export type PriceResponse = z.infer<typeof priceResponseSchema>;

export const PRICE_CURRENCY = DEFAULT_CURRENCY;

/** What the price of a shipment reads from each of its packages. */
export interface PricedPackage {
  origin: string;
  quantity: number;
  packageWeight: number;
  packageLength: number;
  packageBreadth: number;
  packageHeight: number;
}

/** Weights and dimensions to the gram and the hundredth of a millimetre: 0.1 + 0.2 kg is 0.3 kg. */
export const roundWeight = (v: number) => Math.round(v * 1000) / 1000;

const sumOf = (pkgs: readonly PricedPackage[], pick: (p: PricedPackage) => number) =>
  pkgs.reduce((total, p) => total + (Number(pick(p)) || 0), 0);

/** The packages' totals (SPEC.md section 9 sums them for the price); never fewer than one piece. */
export function packageTotals(pkgs: readonly PricedPackage[]) {
  return {
    weight: roundWeight(sumOf(pkgs, (p) => p.packageWeight)),
    length: roundWeight(sumOf(pkgs, (p) => p.packageLength)),
    breadth: roundWeight(sumOf(pkgs, (p) => p.packageBreadth)),
    height: roundWeight(sumOf(pkgs, (p) => p.packageHeight)),
    pieces: Math.max(
      1,
      sumOf(pkgs, (p) => p.quantity),
    ),
  };
}

/** A country name (or code) as the price request wants it: the code, or the text itself when unknown. */
const placeCode = (place: string) => countryCode(place) ?? place.trim();

/**
 * SPEC.md sections 4 and 9: the one price request of a shipment of these packages to that country, built
 * the same way by the screen that shows the price and by the API that charges it: weights, lengths,
 * breadths, heights and quantities summed (packageTotals), origin the packages' origin country,
 * destination the address country, Express (XPS) at normal service (NOR).
 */
export function shipmentPriceRequest(pkgs: readonly PricedPackage[], destinationCountry: string) {
  return {
    origin: placeCode(pkgs[0]?.origin ?? ''),
    destination: placeCode(destinationCountry),
    ...packageTotals(pkgs),
    productType: DEFAULT_PRODUCT_TYPE,
    serviceType: DEFAULT_SERVICE_TYPE,
  } satisfies PriceRequestInput;
}
