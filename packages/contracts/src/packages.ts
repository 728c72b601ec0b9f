import { z } from 'zod';
import { isCountryName } from './countries.ts';
import { DECLARATION_TOTAL_MAX, ITEM_QUANTITY_MAX, ITEM_VALUE_MAX } from './declaration-rules.ts';
import { internalNoteSchema } from './internal-notes.ts';
import { PACKAGE_LEFT_STATUSES } from './lifecycles.ts';
import { locationCodeSchema } from './locations.ts';
import { hasMinorPrecision } from './money.ts';
import { PACKAGE_CONDITIONS } from './package-conditions.ts';
import { pageOf, pageQuerySchema, pageSizeQuerySchema } from './pages.ts';
import { attachmentSchema } from './photo-requests.ts';
import { formNumber, NUMBER_TEXT, optionalText, requiredString } from './validation.ts';

export const storageSchema = z.object({ freeUntil: z.string(), daysLeft: z.number().int(), feeAccrued: z.number() });

export { isDamaged, isProhibited, PACKAGE_CONDITIONS, type PackageCondition } from './package-conditions.ts';

export const packageSchema = z.object({
  id: z.number().int(),
  hopboxId: z.string(),
  shipper: z.string(),
  packageContent: z.string(),
  receivedDate: z.string(),
  origin: z.string(),
  lockerNumber: z.string(),
  externalTrackingNumber: z.string().nullable(),
  shipmentStatus: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  currency: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  packageWeight: z.number(),
  unitWeight: z.number(),
  packageLength: z.number(),
  packageBreadth: z.number(),
  packageHeight: z.number(),
  /** The shipment the package was put in; null while it waits in the locker. */
  shipmentId: z.number().int().nullable(),
  /** How it left the locker through a package request (returned, discarded, split into new parcels); null while it is there. */
  leftAs: z.enum(PACKAGE_LEFT_STATUSES).nullable(),
  /** True while a photo request of the package is PENDING or IN_PROGRESS. */
  photoRequested: z.boolean(),
  /** True while a package request (repack, split, return…) is REQUESTED or IN_PROGRESS: it cannot ship until then (decision 061). */
  requestOpen: z.boolean(),
  /** Its customs declaration lists every item with a description, quantity, value above zero and origin. */
  declarationComplete: z.boolean(),
  /** Free storage left and fees accrued (issue "Declare, insure"); frozen once a payment settled them. */
  storage: storageSchema,
});
export type Package = z.infer<typeof packageSchema>;

/** A number given as a number or a numeric string; SPEC.md's edit form turns non-numbers into 0. */
const numeric = (field: string) => formNumber(`${field} must be a number`, { maxLength: 32, pattern: NUMBER_TEXT });

/** Money: not negative, at most 2 decimals. */
export const moneySchema = (field: string) =>
  numeric(field).pipe(
    z
      .number()
      .min(0, `${field} cannot be negative`)
      .max(9_999_999_999, `${field} is too large`)
      .refine(hasMinorPrecision, `${field} can have at most 2 decimals`),
  );

const measureSchema = (field: string) =>
  numeric(field).pipe(z.number().min(0, `${field} cannot be negative`).max(9_999_999, `${field} is too large`));

/** The customer's edit: only these four fields change (SPEC.md section 3, Package edit payload). */
/**
 * The customer's correction of a package. Its one-item declaration follows the edit (decision 037), so the
 * declaration's limits hold here too: a unit value, and the total over the quantity, of at most ITEM_VALUE_MAX.
 */
export const packageEditSchema = z
  .object({
    description: optionalText(2000),
    quantity: numeric('Quantity').pipe(
      z
        .number()
        .int('Quantity must be a whole number')
        .min(1, 'Quantity must be at least 1')
        .max(ITEM_QUANTITY_MAX, `Quantity can be at most ${ITEM_QUANTITY_MAX}`),
    ),
    unitPrice: moneySchema('Unit price').pipe(z.number().max(ITEM_VALUE_MAX, `Unit price can be at most ${ITEM_VALUE_MAX}`)),
    totalPrice: moneySchema('Total price').pipe(
      z.number().max(DECLARATION_TOTAL_MAX, `Total price can be at most ${DECLARATION_TOTAL_MAX}`),
    ),
  })
  .refine((edit) => edit.totalPrice <= edit.quantity * ITEM_VALUE_MAX, {
    path: ['totalPrice'],
    message: `Total price can be at most ${ITEM_VALUE_MAX} a unit`,
  });
export type PackageEditInput = z.input<typeof packageEditSchema>;

export const packagesQuerySchema = z.object({
  page: pageQuerySchema.optional(),
  pageSize: pageSizeQuerySchema.optional(),
  q: z.string().trim().max(100).optional(),
});

export const packagesPageSchema = pageOf(packageSchema);
export type PackagesPage = z.infer<typeof packagesPageSchema>;

/** A currency as its 3-letter code, read in any case ("usd" is USD). */
export const currencyCodeSchema = z
  .string()
  .trim()
  .max(3, { message: 'Currency must be a 3-letter code', abort: true })
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code');

/** A clock a few minutes ahead of the server's is not a date in the future. */
const RECEIVED_DATE_SKEW_MS = 5 * 60_000;
const RECEIVED_DATE_MAX_AGE_DAYS = 365;

/** What warehouse staff enter when a package arrives at a locker. */
export const receivePackageSchema = z.object({
  /**
   * The suite number on the label. Without it the package goes to the one customer who announced its tracking
   * number, or is received unidentified (issue "Arrivals").
   */
  lockerNumber: z
    .string()
    .trim()
    .toUpperCase()
    .max(16)
    .nullish()
    .transform((v) => v || undefined),
  shipper: requiredString('Shipper is required').max(200),
  packageContent: requiredString('Content is required').max(300),
  origin: requiredString('Origin is required')
    .max(120, 'Origin must be a country from the list')
    .refine(isCountryName, 'Origin must be a country from the list'),
  externalTrackingNumber: optionalText(100),
  shipmentStatus: z
    .enum(PACKAGE_CONDITIONS, { error: `Condition must be one of: ${PACKAGE_CONDITIONS.join(', ')}` })
    .default('Not damaged'),
  quantity: numeric('Quantity')
    .pipe(z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(100_000))
    .default(1),
  unitPrice: moneySchema('Unit price').default(0),
  totalPrice: moneySchema('Total price').default(0),
  currency: currencyCodeSchema.default('USD'),
  description: optionalText(2000),
  notes: optionalText(2000),
  /** The shelf or bin it is put on (decision 053). */
  location: locationCodeSchema,
  packageWeight: measureSchema('Package weight').refine((v) => v > 0, 'Package weight must be greater than 0'),
  unitWeight: measureSchema('Unit weight').default(0),
  packageLength: measureSchema('Length').default(0),
  packageBreadth: measureSchema('Breadth').default(0),
  packageHeight: measureSchema('Height').default(0),
  // Storage counts from it (issue "Declare, insure"): a parcel booked in late may be dated back, never ahead.
  receivedDate: z.iso
    .datetime({ offset: true, error: 'Received date must be an ISO date and time' })
    .refine((v) => Date.parse(v) <= Date.now() + RECEIVED_DATE_SKEW_MS, 'Received date cannot be in the future')
    .refine(
      (v) => Date.parse(v) >= Date.now() - RECEIVED_DATE_MAX_AGE_DAYS * 86_400_000,
      `Received date can be at most ${RECEIVED_DATE_MAX_AGE_DAYS} days ago`,
    )
    .optional(),
});
export type ReceivePackageInput = z.input<typeof receivePackageSchema>;

export const staffPackagesQuerySchema = packagesQuerySchema.extend({
  lockerNumber: z.string().trim().toUpperCase().max(16).optional(),
});

/** Staff see the owner beside each package. */
/** A package as staff see it: with its customer, where it sits, and the notes staff keep about it (never shown to the customer). */
export const staffPackageSchema = packageSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  location: z.string().nullable(),
  internalNotes: z.array(internalNoteSchema),
});
export type StaffPackage = z.infer<typeof staffPackageSchema>;

/** Package Details: the package with the photos taken when the warehouse received it (decision 030). */
export const packageDetailsSchema = packageSchema.extend({ receiptPhotos: z.array(attachmentSchema) });
export type PackageDetails = z.infer<typeof packageDetailsSchema>;
