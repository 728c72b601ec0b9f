import { z } from 'zod';

/**
 * Where a parcel sits in the warehouse: a shelf or bin code as printed on the shelf's own label
 * (A-01-03, BIN.12), short enough to scan or type on a handheld. Each host keeps its list; a
 * package received or moved there must name one of them (decision 053).
 */
export const LOCATION_CODE_MAX = 20;
/** Shipment statuses whose packages have left the warehouse: they sit on no shelf any more. */
export const LEFT_WAREHOUSE_STATUSES = ['Shipped', 'Delivered'] as const;
/** Enough for a large warehouse's every shelf and bin; it bounds the admin's list and its check. */
export const HOST_LOCATIONS_MAX = 5000;
const LOCATION_PATTERN = /^[A-Z0-9](?:[A-Z0-9.-]*[A-Z0-9])?$/;

export const locationMessages = {
  required: 'Location is required',
  invalid: 'Location must be letters and digits, with dots or dashes between them, at most 20 characters',
  notOfHost: (code: string, hostName: string) => `${code} is not a location of ${hostName}: scan a shelf or bin label of this warehouse`,
  tooMany: `A host can have at most ${HOST_LOCATIONS_MAX} locations`,
  inUse: (codes: string[]) =>
    `Packages are still shelved at ${codes.slice(0, 5).join(', ')}${codes.length > 5 ? ` and ${codes.length - 5} more` : ''}: move them before removing their location`,
  leftWarehouse: 'This package has left the warehouse with its shipment: it has no shelf to move to',
} as const;

/** A location code as staff type or scan it: trimmed, upper case, checked for its shape. */
export const locationCodeSchema = z
  .string({ error: locationMessages.required })
  // Bounded before anything else looks at it; room for a scanner's padding.
  .max(LOCATION_CODE_MAX * 4, { message: locationMessages.invalid, abort: true })
  .trim()
  .toUpperCase()
  .min(1, locationMessages.required)
  .max(LOCATION_CODE_MAX, locationMessages.invalid)
  .regex(LOCATION_PATTERN, locationMessages.invalid);

/** Is the text a well-formed location code (after trimming and upper-casing)? */
export const isLocationCode = (text: string) => locationCodeSchema.safeParse(text).success;

/** PUT /api/staff/packages/{id}/location: where the package now sits. */
export const moveLocationSchema = z.object({ location: locationCodeSchema });

/**
 * PUT /api/admin/hosts/{id}/locations: the host's whole list, as one text of codes separated by
 * lines, commas or spaces (what a spreadsheet column or a scanner pastes). Duplicates count once.
 */
export const hostLocationsUpdateSchema = z.object({
  codes: z
    .array(locationCodeSchema, { error: 'Codes must be a list of locations' })
    .max(HOST_LOCATIONS_MAX, locationMessages.tooMany)
    .transform((codes) => [...new Set(codes)].sort(compareLocations)),
});

export const hostLocationsSchema = z.object({
  hostId: z.number().int(),
  codes: z.array(z.string()),
  /** How many packages waiting in the warehouse sit at each code (codes with none are left out). */
  inUse: z.record(z.string(), z.number().int()),
});
export type HostLocations = z.infer<typeof hostLocationsSchema>;

/** One line of a consolidation's pick list: a package and the shelf or bin to fetch it from. */
export const pickSchema = z.object({
  id: z.number().int(),
  hopboxId: z.string(),
  packageContent: z.string(),
  quantity: z.number().int(),
  packageWeight: z.number(),
  location: z.string().nullable(),
});
export type Pick = z.infer<typeof pickSchema>;

/** Splits what an admin pasted or typed into codes: one per line, comma or space. */
export const splitLocationCodes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The walking order of a pick list: codes compared piece by piece with numbers as numbers
 * (A-2 before A-10), packages without a location last.
 */
export function compareLocations(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return collator.compare(a, b);
}
