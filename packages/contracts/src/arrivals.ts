import { z } from 'zod';
import { attachedFileSchema } from './attached-file.ts';
import { RATE_LIMIT_DEFAULTS } from './constants.ts';
import { ITEM_VALUE_MAX } from './declaration-rules.ts';
import { currencyCodeSchema, moneySchema, packageSchema } from './packages.ts';
import { optionalText, requiredString } from './validation.ts';

/**
 * Arrivals (issue "Arrivals"): parcels a customer announces before they reach the warehouse (pre-alerts), and
 * parcels that arrive with no suite number nobody can match (unidentified), which a customer may claim.
 */

/** Parcels a customer may have announced and not yet received at once: enough for any shopper, not for a script. */
export const PRE_ALERT_OPEN_MAX = 100;

export const arrivalsMessages = {
  preAlertNotFound: 'Pre-alert not found',
  duplicateTracking: 'You have already announced a parcel with this tracking number',
  tooManyOpen: `You can have at most ${PRE_ALERT_OPEN_MAX} parcels expected at once: remove one that is no longer coming`,
  preAlertArrived: 'This parcel has arrived: its pre-alert stays with the package',
  trackingTooShort: 'Tracking number must have at least 4 letters or digits',
  unidentifiedNotFound: 'Parcel not found',
  trackingMismatch: 'The tracking number does not match this parcel',
  lockerOrTracking: 'Enter the locker number or the tracking number',
  expectedDateRange: 'Expected date must be within a year from today',
  notAnInvoice: 'Attach the invoice as a PDF or an image (JPEG, PNG or WebP)',
  oneInvoice: 'Attach one invoice file',
  invoiceNotFound: 'Invoice not found',
} as const;

/** Where a pre-alert's invoice is read: the customer's own, or any for staff. */
export const preAlertInvoicePath = (id: number, side: 'user' | 'staff' = 'user') => `/api/${side}/pre-alerts/${id}/invoice`;

/** Tracking numbers are compared without spaces, dashes or case: "1z 999-aa1" is "1Z999AA1". */
export const trackingKey = (trackingNumber: string) => trackingNumber.replace(/[\s-]+/g, '').toUpperCase();

/** What customers see of a parcel's tracking number before they claim it. */
export const trackingLast4 = (trackingNumber: string | null) => (trackingNumber ? trackingKey(trackingNumber).slice(-4) : '');

/** How long an unidentified parcel is kept before it is disposed of, and what handling it costs, by default. */
export const UNIDENTIFIED_DEFAULTS = { holdDays: 30, handlingFee: 25 } as const;
/** Claims of unidentified parcels a customer may try in an hour by default (RATE_LIMIT_CLAIM). */
export const CLAIM_RATE_LIMIT = RATE_LIMIT_DEFAULTS.claim;

const trackingNumberSchema = requiredString('Tracking number is required')
  .max(100, 'Tracking number can be at most 100 characters')
  .refine((v) => trackingKey(v).length >= 4, arrivalsMessages.trackingTooShort);

const YEAR_MS = 366 * 86_400_000;
const isoDate = z.iso
  .date({ error: 'Expected date must be a date (YYYY-MM-DD)' })
  .refine((v) => Math.abs(Date.parse(v) - Date.now()) <= YEAR_MS, arrivalsMessages.expectedDateRange);

/** What a customer tells of a parcel on its way (POST /api/user/pre-alerts). */
export const preAlertInputSchema = z.object({
  trackingNumber: trackingNumberSchema,
  retailer: requiredString('Retailer is required').max(200, 'Retailer can be at most 200 characters'),
  content: requiredString('Content is required').max(200, 'Content can be at most 200 characters'),
  declaredValue: moneySchema('Declared value')
    .pipe(z.number().max(ITEM_VALUE_MAX, `Declared value can be at most ${ITEM_VALUE_MAX}`))
    .nullish(),
  currency: currencyCodeSchema.default('USD'),
  expectedDate: isoDate.nullish(),
  notes: optionalText(1000),
});
export type PreAlertInput = z.input<typeof preAlertInputSchema>;

export const PRE_ALERT_STATUSES = ['EXPECTED', 'RECEIVED'] as const;
export type PreAlertStatus = (typeof PRE_ALERT_STATUSES)[number];

export const preAlertSchema = z.object({
  id: z.number().int(),
  trackingNumber: z.string(),
  retailer: z.string(),
  content: z.string(),
  declaredValue: z.number().nullable(),
  currency: z.string(),
  expectedDate: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(PRE_ALERT_STATUSES),
  /** The package it became once the warehouse received it. */
  packageId: z.number().int().nullable(),
  hopboxId: z.string().nullable(),
  receivedDate: z.string().nullable(),
  /** The retailer's invoice the customer attached, for customs. */
  invoice: attachedFileSchema.nullable(),
  createdAt: z.string(),
});
export type PreAlert = z.infer<typeof preAlertSchema>;

/** What the receiving screen shows once a tracking number is scanned. */
export const arrivalMatchSchema = z.object({
  /** How many customers announced this tracking number: exactly one is a match. */
  matches: z.number().int(),
  preAlert: preAlertSchema
    .pick({ id: true, retailer: true, content: true, declaredValue: true, currency: true, expectedDate: true })
    .extend({ customerName: z.string(), lockerNumber: z.string(), invoiceUrl: z.string().nullable() })
    .nullable(),
});
export type ArrivalMatch = z.infer<typeof arrivalMatchSchema>;

export const arrivalMatchQuerySchema = z.object({ trackingNumber: trackingNumberSchema });

/** How a received package was placed: into the locker typed, the pre-alert's, or nobody's. */
export const RECEIVED_AS = ['LOCKER', 'PRE_ALERT', 'UNIDENTIFIED'] as const;
export const receiptSchema = z.object({
  receivedAs: z.enum(RECEIVED_AS),
  /** The pre-alert the package fulfilled, if any. */
  preAlertId: z.number().int().nullable(),
  /** The locker typed belongs to someone else than the customer who announced the tracking number. */
  mismatch: z.object({ customerName: z.string(), lockerNumber: z.string() }).nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** An unidentified parcel as any customer may see it: nothing that would let one claim it without knowing it. */
export const publicUnidentifiedSchema = z.object({
  /** The package's own fields that tell nothing of what is inside or whose it is. */
  ...packageSchema.pick({ id: true, receivedDate: true, shipper: true, origin: true }).shape,
  trackingLast4: z.string(),
  handlingFee: z.number(),
  currency: z.string(),
  disposalDate: z.string(),
});
export type PublicUnidentified = z.infer<typeof publicUnidentifiedSchema>;

/** An unidentified parcel as staff see it in their queue. */
export const staffUnidentifiedSchema = publicUnidentifiedSchema.extend({
  /** The package's own fields, as Received Packages has them. */
  ...packageSchema.pick({ hopboxId: true, packageContent: true, externalTrackingNumber: true, packageWeight: true }).shape,
  location: z.string().nullable(),
  daysWaiting: z.number().int(),
});
export type StaffUnidentified = z.infer<typeof staffUnidentifiedSchema>;

export const claimSchema = z.object({ trackingNumber: trackingNumberSchema });
export const assignSchema = z.object({
  lockerNumber: requiredString('Locker number is required').toUpperCase().max(16),
});

/** The day an unidentified parcel received on `receivedDate` is disposed of, `holdDays` later. */
export const disposalDateOf = (receivedDate: Date, holdDays: number) => new Date(receivedDate.getTime() + holdDays * 86_400_000);

/** Whole days a parcel has waited since `receivedDate`. */
export const daysWaiting = (receivedDate: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - receivedDate.getTime()) / 86_400_000));
