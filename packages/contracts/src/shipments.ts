import { z } from 'zod';
import { addressSchema } from './addresses.ts';
import { idSchema } from './ids.ts';
import { internalNoteSchema } from './internal-notes.ts';
import { CONSOLIDATION_STATUSES, type ConsolidationStatus, type ShipmentStatus } from './lifecycles.ts';
import { pickSchema } from './locations.ts';
import { messages } from './messages.ts';
import { pageOf, pageWindowQuerySchema } from './pages.ts';
import {
  carrierOptionSchema,
  dutiesBasisSchema,
  dutiesEstimateSchema,
  dutiesSchema,
  insuranceOfferSchema,
  MAX_SHIPMENT_PACKAGES,
  priceLineSchema,
} from './pricing.ts';
import { numberOrText, optionalText } from './validation.ts';

export const trackingEventSchema = z.object({
  at: z.string(),
  status: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
});

export { CONSOLIDATION_STATUSES, type ConsolidationStatus, SHIPMENT_STATUSES, type ShipmentStatus } from './lifecycles.ts';

/** Statuses staff set on a paid shipment, in order. */
export const DISPATCH_STATUSES = ['Processed', 'Shipped', 'Delivered'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
/** Dispatch statuses a shipment reaches only with its air waybill (AWB), and then keeps it in. */
export const AWB_REQUIRED_STATUSES: readonly string[] = ['Shipped', 'Delivered'];

/**
 * The AWB rule: a shipment is marked Shipped or Delivered only once it has its AWB, entered before or in the
 * same update, and a Shipped or Delivered shipment cannot lose it. An AWB may be entered at any time before.
 * Takes the shipment as it is and the change asked for (`awb: null` or blank clears it); answers the
 * user-facing reason the change is refused, or null when it is allowed.
 */
export function awbProblem(
  current: { shipmentStatus: string; awb: string | null },
  change: { shipmentStatus?: string | null; awb?: string | null },
): string | null {
  const status = change.shipmentStatus || current.shipmentStatus;
  if (!AWB_REQUIRED_STATUSES.includes(status)) return null;
  const awb = change.awb === undefined ? current.awb : change.awb;
  if (awb?.trim()) return null;
  return change.shipmentStatus ? messages.shipments.awbRequired(status) : messages.shipments.awbKept(status);
}

/**
 * How Ready to Ship and the consolidation status relate: a consolidation ready to ship is packed, so it is
 * Completed; marking it ready completes it, and reopening it (Pending, In Progress) takes it off ready.
 * Takes the change asked for; answers the fields to store, or the user-facing reason it is refused.
 */
export function consolidationChange(change: {
  readyToShip?: boolean;
  consolidationStatus?: ConsolidationStatus;
}): { readyToShip?: boolean; consolidationStatus?: ConsolidationStatus } | { problem: string } {
  const { readyToShip, consolidationStatus } = change;
  if (readyToShip === true && consolidationStatus && consolidationStatus !== 'Completed')
    return { problem: messages.shipments.readyIsCompleted };
  if (readyToShip === true) return { readyToShip, consolidationStatus: 'Completed' };
  if (consolidationStatus && consolidationStatus !== 'Completed') return { readyToShip: false, consolidationStatus };
  return { ...(readyToShip !== undefined ? { readyToShip } : {}), ...(consolidationStatus ? { consolidationStatus } : {}) };
}

/** Shipments that are paid and on their way: Sent Shipments lists them. */
export const SENT_STATUSES: readonly ShipmentStatus[] = ['Finalized', 'Processed', 'Shipped', 'Delivered'];
export const PAYMENT_STATUSES = ['Unpaid', 'Paid'] as const;

/** A package reference: its numeric id, or its Hopbox ID (SPEC.md sends Hopbox IDs). */
const packageRef = z.union([idSchema, z.string().trim().min(1).max(20)]);

/** SPEC.md section 3 (Shipment creation payload), plus the address id the wizard picked. */
export const createShipmentSchema = z.object({
  packages: z
    .array(packageRef, { error: messages.shipments.selectPackage })
    .min(1, messages.shipments.selectPackage)
    .max(MAX_SHIPMENT_PACKAGES),
  addressId: idSchema.optional(),
  address: optionalText(300),
  city: optionalText(120),
  state: optionalText(120),
  country: optionalText(120),
  postalCode: optionalText(20),
  phone: optionalText(20),
  notes: optionalText(1000),
  isSinglePackage: z.boolean().optional(),
  shipmentStatus: z.string().max(40).optional(),
  paymentReference: z.string().trim().max(100).optional(),
  paymentStatus: z.string().max(40).optional(),
});
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;

/** A shipment's amount in the shipment's currency, as both lists of shipments show it; null while it has no price. */
const shipmentPrice = { amount: z.number().nullable(), currency: z.string() };

/** Shipments Progress rows, with SPEC.md's snake_case keys. */
export const consolidatedShipmentSchema = z.object({
  id: z.number().int(),
  shipment_id: z.string(),
  locker_number: z.string(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  package_ids: z.string(),
  total_weight: z.number(),
  origin: z.string(),
  destination: z.string(),
  ready_to_ship: z.boolean(),
  consolidation_status: z.string(),
  created_at: z.string(),
  /** What finishing it costs (the server's price, null when it cannot be priced). */
  ...shipmentPrice,
  /** Decision 026: `packed_box` once staff recorded the box (the price charged), `estimate` before. */
  priced_from: z.enum(['packed_box', 'estimate']),
  /** The packed box: weight in kg, sides in cm; null until staff record it. */
  packed_weight: z.number().nullable(),
  packed_length: z.number().nullable(),
  packed_breadth: z.number().nullable(),
  packed_height: z.number().nullable(),
  /** What `amount` is made of (shipping, storage fees when any); insurance is added when chosen. */
  breakdown: z.array(priceLineSchema),
  /** The insurance on offer for it, in AED; null when it cannot be priced. */
  insurance: insuranceOfferSchema.nullable(),
  /** A ready consolidation's price is held (decision 054): checkout charges `amount` until this time; null when not ready. */
  price_held_until: z.string().nullable(),
  /** Every carrier option, cheapest first, and the one `amount` is for (decision 070); empty when it cannot be priced. */
  options: z.array(carrierOptionSchema),
  option: z.string().nullable(),
  /** What customs is expected to ask at delivery (decision 071), and what it is estimated from; null when not priced. */
  duties: dutiesSchema.nullable(),
  duties_basis: dutiesBasisSchema.nullable(),
});
export type ConsolidatedShipment = z.infer<typeof consolidatedShipmentSchema>;

/** Sent Shipments rows, with SPEC.md's camelCase keys. */
export const sentShipmentSchema = z.object({
  id: z.number().int(),
  shipmentId: z.string(),
  lockerNumber: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  packageIds: z.string(),
  totalWeight: z.number(),
  awb: z.string().nullable(),
  orderDate: z.string().nullable(),
  createdAt: z.string(),
  processingDate: z.string().nullable(),
  host: z.number().int().nullable(),
  hostCode: z.string().nullable(),
  shipmentStatus: z.string(),
  paymentStatus: z.string(),
  paymentReference: z.string().nullable(),
  ...shipmentPrice,
  origin: z.string(),
  destination: z.string(),
  /** The carrier the shipment was booked with from the console; null before booking or for an AWB typed by hand. */
  carrier: z.string().nullable(),
  /** The carrier's newest tracking event, or null before the first one. */
  latestEvent: trackingEventSchema.nullable(),
  /** Insurance bought with the payment, and what it covers in AED (null when not insured). */
  insured: z.boolean(),
  insuredValue: z.number().nullable(),
  /** The price lines paid (shipping, insurance, storage fees), summing to `amount`; empty for older payments. */
  priceBreakdown: z.array(priceLineSchema),
  /** The carrier option paid for (decision 070); null for shipments paid before there was a choice. */
  carrierOption: carrierOptionSchema.omit({ price: true, currency: true }).nullable(),
  /** The import duties and taxes estimated when it was paid, and whether prepaid (decision 071); null when none. */
  duties: dutiesEstimateSchema.nullable(),
  // The full destination, as the customer's details and the dispatch label show it; the country is `destination` (decision 027).
  /** The shipment's recipient, or the customer's full name when it has none. */
  recipientName: z.string(),
  /** The street, city, state and postal code as the saved address has them, which the shipment copies (shipmentAddressOf). */
  ...addressSchema.pick({ address: true, city: true, state: true, postalCode: true }).shape,
  phone: z.string().nullable(),
});
export type SentShipment = z.infer<typeof sentShipmentSchema>;

/**
 * Sent Shipments' query (decision 076): optional page and pageSize, and a search `q` over the shipment ID, its package
 * IDs, the AWB, the host code, the status, the origin and the destination.
 */
export const sentShipmentsQuerySchema = pageWindowQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export const sentShipmentsPageSchema = pageOf(sentShipmentSchema);
export type SentShipmentsPage = z.infer<typeof sentShipmentsPageSchema>;

/** GET /api/user/shipments/{id}/tracking and the staff refresh: the timeline, newest event first. */
export const shipmentTrackingSchema = z.object({
  awb: z.string().nullable(),
  carrier: z.string().nullable(),
  status: z.string(),
  events: z.array(trackingEventSchema),
});
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;

/** POST /api/staff/shipments/{id}/airway-bill: the booking, and where its label is printed from. */
export const airwayBillSchema = z.object({ awb: z.string(), carrier: z.string(), labelUrl: z.string() });
export type AirwayBill = z.infer<typeof airwayBillSchema>;

/** GET /api/staff/shipments/labels?ids=1,2,3: the labels of booked shipments, in one PDF. */
export const MAX_LABELS_AT_ONCE = 50;
export const labelsQuerySchema = z.object({
  ids: z
    .string()
    .max(600, `ids must list 1 to ${MAX_LABELS_AT_ONCE} shipment ids, separated by commas`)
    .transform((text, ctx) => {
      const ids = [...new Set(text.split(',').map((part) => Number(part.trim())))];
      if (
        ids.length === 0 ||
        ids.length > MAX_LABELS_AT_ONCE ||
        !ids.every((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647)
      ) {
        ctx.addIssue({ code: 'custom', message: `ids must list 1 to ${MAX_LABELS_AT_ONCE} shipment ids, separated by commas` });
        return z.NEVER;
      }
      return ids;
    }),
});

export const finishShipmentsSchema = z.object({
  shipmentIds: z.array(idSchema, { error: messages.shipments.selectShipment }).min(1, messages.shipments.selectShipment).max(50),
});

const packedWeight = numberOrText(messages.shipments.packedWeightInvalid).pipe(
  z.number().gt(0, messages.shipments.packedWeightInvalid).max(10_000, 'Packed weight cannot exceed 10,000 kg'),
);
const packedSide = numberOrText(messages.shipments.packedSizeInvalid).pipe(
  z.number().gt(0, messages.shipments.packedSizeInvalid).max(1_000, 'A packed side cannot exceed 1,000 cm'),
);
export const PACKED_BOX_FIELDS = ['packedWeight', 'packedLength', 'packedBreadth', 'packedHeight'] as const;

/** The consolidation's packed box (decision 026), as the console's form and the staff update take it. */
export const packedBoxSchema = z.object({
  packedWeight,
  packedLength: packedSide,
  packedBreadth: packedSide,
  packedHeight: packedSide,
});
export type PackedBoxInput = z.input<typeof packedBoxSchema>;

/** Warehouse staff update a shipment's consolidation and dispatch fields. */
export const staffShipmentUpdateSchema = z
  .object({
    readyToShip: z.boolean().optional(),
    /** The consolidation's packed box (decision 026), recorded whole: weight in kg, sides in cm. */
    ...packedBoxSchema.partial().shape,
    consolidationStatus: z
      .enum(CONSOLIDATION_STATUSES, { error: `Consolidation status must be one of: ${CONSOLIDATION_STATUSES.join(', ')}` })
      .optional(),
    awb: z.string().trim().max(60).nullish(),
    shipmentStatus: z.enum(DISPATCH_STATUSES, { error: `Shipment status must be one of: ${DISPATCH_STATUSES.join(', ')}` }).optional(),
    /** A day (2026-11-23, read as midnight UTC) or a date and time with its offset. */
    processingDate: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Processing date must be an ISO date, or date and time' })
      .nullish(),
  })
  .superRefine((change, ctx) => {
    const given = PACKED_BOX_FIELDS.filter((f) => change[f] !== undefined);
    if (given.length > 0 && given.length < PACKED_BOX_FIELDS.length) {
      const missing = PACKED_BOX_FIELDS.find((f) => change[f] === undefined) as string;
      ctx.addIssue({ code: 'custom', path: [missing], message: messages.shipments.packedBoxWhole });
    }
  });

export const staffShipmentSchema = sentShipmentSchema
  .extend({
    isConsolidated: z.boolean(),
    readyToShip: z.boolean(),
    consolidationStatus: z.string().nullable(),
    /** A payment for it is open: its box and readiness cannot change until it is paid or expires. */
    paymentOpen: z.boolean(),
    customerEmail: z.string(),
    packedWeight: z.number().nullable(),
    packedLength: z.number().nullable(),
    packedBreadth: z.number().nullable(),
    packedHeight: z.number().nullable(),
    /** The carrier's last refusal of a booking or tracking read, shown to staff until it succeeds. */
    carrierError: z.string().nullable(),
  })
  /** What the packer needs (decision 053): the customer's words, the pick list in walking order, and staff's own notes. */
  .extend({
    /** The note the customer wrote in the wizard ("shown to our warehouse team and printed with the shipment"). */
    customerNote: z.string().nullable(),
    picks: z.array(pickSchema),
    internalNotes: z.array(internalNoteSchema),
  });
export type StaffShipment = z.infer<typeof staffShipmentSchema>;
