import { z } from 'zod';
import { DEFAULT_CURRENCY } from './constants.ts';
import { countryCode } from './countries.ts';
import { messages } from './messages.ts';
import { type PricedPackage, packageTotals, roundWeight, sumOf } from './package-totals.ts';
import type { PackedBox } from './packed-box.ts';
import { numberOrText } from './validation.ts';

export { PRODUCT_TYPES } from './carrier-options.ts';
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

/** An option's id as a payment or a price request names it: `carrier:product:service` (carrier-options.ts). */
export const shippingOptionSchema = z
  .string({ error: 'Option must be one of the options priced' })
  .trim()
  .max(60, { message: 'Option must be one of the options priced', abort: true })
  .regex(/^[a-z0-9]+:[A-Z0-9]+:[A-Z0-9]+$/, 'Option must be one of the options priced');
export const dutiesPaidChoice = z.boolean({ error: 'dutiesPaid must be true or false' }).default(false);

/** Most packages one price request or one shipment may name. */
export const MAX_SHIPMENT_PACKAGES = 100;

/**
 * POST /api/user/shipments/calculate-shipping-price: SPEC.md section 7's request, or (decision 026) the
 * customer's packages by Hopbox ID and a destination. With `packages` the server prices the packages
 * themselves (origin, weight and size from its own records) and the figures sent are not read.
 */
export const calculatePriceBodySchema = priceRequestSchema
  .partial({ origin: true, weight: true })
  .extend({
    packages: z
      .array(z.string().trim().min(1).max(20), { error: 'Packages must be a list of Hopbox IDs' })
      .min(1, messages.shipments.selectPackage)
      .max(MAX_SHIPMENT_PACKAGES)
      .optional(),
    /** With `packages`: the breakdown includes the insurance premium (issue "Declare, insure"). */
    insurance: z.boolean({ error: 'Insurance must be true or false' }).default(false),
    /** With `packages`: the option the breakdown is for (decision 070); the cheapest when absent. */
    option: shippingOptionSchema.optional(),
    /** With `packages`: the breakdown includes the import duties and taxes estimated (decision 071). */
    dutiesPaid: dutiesPaidChoice,
  })
  .superRefine((body, ctx) => {
    if (body.packages) return;
    if (body.origin === undefined) ctx.addIssue({ code: 'custom', path: ['origin'], message: 'Origin is required' });
    if (body.weight === undefined) ctx.addIssue({ code: 'custom', path: ['weight'], message: 'Weight must be greater than 0' });
  });
export type CalculatePriceBody = z.input<typeof calculatePriceBodySchema>;

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

export const carrierOptionSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  product: z.string(),
  service: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }),
});

export const dutiesEstimateSchema = z.object({
  estimated: z.literal(true),
  duty: z.number(),
  vat: z.number(),
  fees: z.number(),
  total: z.number(),
  currency: z.string(),
  payableAt: z.enum(['DELIVERY', 'PREPAID']),
  basis: z.enum(['FOB', 'CIF']),
  rule: z.object({
    country: z.string(),
    countryName: z.string(),
    currency: z.string(),
    dutyRate: z.number(),
    vatRate: z.number(),
    dutyFreeUpTo: z.number(),
    vatFreeUpTo: z.number(),
  }),
});
// A plain union, told apart by `estimated`: the portal's shared zod chunk then needs no discriminated-union code.
export const dutiesSchema = z.union([
  dutiesEstimateSchema,
  z.object({ estimated: z.literal(false), country: z.string(), reason: z.string() }),
]);

export const dutyRuleFiguresSchema = z.object({
  currency: z.string(),
  dutyFreeUpTo: z.number(),
  vatFreeUpTo: z.number(),
  dutyRate: z.number(),
  vatRate: z.number(),
  dutyBasis: z.enum(['FOB', 'CIF']),
  fees: z.number(),
  exemptHsChapters: z.array(z.string()),
  hsChapterRates: z.record(z.string(), z.number()),
});

/** What the duties are estimated from (duties.ts DutiesBasis): screens reckon the estimate of each choice from it. */
export const dutiesBasisSchema = z.object({
  country: z.string(),
  countryName: z.string(),
  rule: dutyRuleFiguresSchema.nullable(),
  ruleUnitInPrice: z.number().nullable(),
  goods: z.array(z.object({ hsCode: z.string().nullable(), value: z.number() })),
});

/** The insurance on offer: what a claim pays at most and what it costs, in AED. */
export const insuranceOfferSchema = z.object({ premium: z.number(), cover: z.number() });

export const priceResponseSchema = z.object({
  success: z.literal(true),
  /** The total to pay: the sum of the breakdown. */
  price: z.number(),
  currency: z.string(),
  details: priceDetailsSchema,
  /** What the price is made of (shipping, insurance when chosen, storage fees when any), summing to `price`. */
  breakdown: z.array(priceLineSchema),
  /** With `packages`: the insurance on offer, chosen or not. */
  insurance: insuranceOfferSchema.optional(),
  /** With one package: the price is held for a payment started before this time. */
  validUntil: z.string().optional(),
  /** With `packages`: every carrier option, cheapest first (decision 070), and the one `price` is for. */
  options: z.array(carrierOptionSchema).optional(),
  option: z.string().optional(),
  /** With `packages`: what customs is expected to ask at the destination (decision 071), or why nothing is estimated. */
  duties: dutiesSchema.optional(),
  dutiesBasis: dutiesBasisSchema.nullable().optional(),
});
export type PriceResponse = z.infer<typeof priceResponseSchema>;

export const PRICE_CURRENCY = DEFAULT_CURRENCY;

export { type PricedPackage, packageTotals, roundWeight, sumOf } from './package-totals.ts';

/** A country name (or code) as the price request wants it: the code, or the text itself when unknown. */
const placeCode = (place: string) => countryCode(place) ?? place.trim();

/**
 * SPEC.md sections 4 and 9: the one price request of a shipment of these packages to that country, built
 * the same way by the screen that shows the price and by the API that charges it: weights, lengths,
 * breadths, heights and quantities summed (packageTotals), origin the packages' origin country,
 * destination the address country, Express (XPS) at normal service (NOR).
 */
export function shipmentPriceRequest(pkgs: readonly PricedPackage[], destinationCountry: string) {
  return expressRequest(pkgs[0]?.origin ?? '', destinationCountry, packageTotals(pkgs));
}

/** What a parcel is priced by: its weight in kg, its sides in cm and how many pieces it is. */
type Parcel = Pick<PriceRequestInput, 'weight' | 'length' | 'breadth' | 'height' | 'pieces'>;

/** Every price request the product makes: a parcel from a country to a country, Express (XPS) at normal service (NOR). */
function expressRequest<P extends Parcel>(origin: string, destinationCountry: string, parcel: P) {
  return {
    origin: placeCode(origin),
    destination: placeCode(destinationCountry),
    ...parcel,
    productType: DEFAULT_PRODUCT_TYPE,
    serviceType: DEFAULT_SERVICE_TYPE,
  } satisfies PriceRequestInput;
}

/** A box's volume in cubic centimetres. */
const volumeOf = (p: PricedPackage) => (Number(p.packageLength) || 0) * (Number(p.packageBreadth) || 0) * (Number(p.packageHeight) || 0);

/**
 * Decision 026: the box several packages are expected to be packed into, before staff pack it. Its weight
 * is the packages' summed weight; its size a cube holding their summed volume (so its volumetric weight
 * is the sum of theirs), never the summed edges SPEC.md section 9 adds, which would price the parcels as if
 * stacked end to end. One piece: one box.
 */
export function consolidatedBoxEstimate(pkgs: readonly PricedPackage[]) {
  const edge = roundWeight(Math.cbrt(pkgs.reduce((total, p) => total + volumeOf(p), 0)));
  return {
    weight: roundWeight(sumOf(pkgs, (p) => p.packageWeight)),
    length: edge,
    breadth: edge,
    height: edge,
    pieces: 1,
  };
}

/** The price request of a packed box to a country: what a consolidation costs once packed (decision 026). */
export function packedBoxPriceRequest(origin: string, box: PackedBox, destinationCountry: string) {
  return expressRequest(origin, destinationCountry, {
    weight: box.packedWeight,
    length: box.packedLength,
    breadth: box.packedBreadth,
    height: box.packedHeight,
    pieces: 1,
  });
}

/** The estimate's request for several packages going as one box (a single package is its own box). */
export function consolidationEstimateRequest(pkgs: readonly PricedPackage[], destinationCountry: string) {
  if (pkgs.length < 2) return shipmentPriceRequest(pkgs, destinationCountry);
  return expressRequest(pkgs[0]?.origin ?? '', destinationCountry, consolidatedBoxEstimate(pkgs));
}

export * from './packed-box.ts';
