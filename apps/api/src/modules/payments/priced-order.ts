import { type Address, addressSchema } from '@hopbox/contracts/addresses';
import { carrierOptionSchema, dutiesEstimateSchema, type PriceRequest, priceLineSchema } from '@hopbox/contracts/pricing';
import { z } from 'zod';

/**
 * What a payment was priced on, kept with the pending payment when it is opened (decision 013).
 * Capture builds the shipment from this copy, so editing or deleting the saved address, or a new
 * rate, after the price was shown changes nothing that was paid for.
 */
const priceRequestCopy = z.object({
  origin: z.string(),
  destination: z.string(),
  weight: z.number(),
  length: z.number(),
  breadth: z.number(),
  height: z.number(),
  pieces: z.number(),
  productType: z.string(),
  serviceType: z.string(),
});

/** What a payment charges, line by line, and what it buys besides shipping (issue "Declare, insure"). */
const chargeCopy = z.object({
  breakdown: z.array(priceLineSchema),
  amount: z.number(),
  shipping: z.number(),
  insured: z.boolean(),
  insuredValue: z.number().nullable(),
  insurancePremium: z.number().nullable(),
  storageFee: z.number(),
  storageByPackage: z.record(z.string(), z.number()),
  /** The carrier option paid for and the duties estimated (decisions 070, 071); absent on older payments. */
  option: carrierOptionSchema.omit({ price: true, currency: true }).nullish(),
  duties: dutiesEstimateSchema.nullish(),
});
export type ChargeCopy = z.infer<typeof chargeCopy>;

const destinationCopy = addressSchema.omit({ id: true, isDefault: true }).extend({ addressId: z.number() });
export type Destination = z.infer<typeof destinationCopy>;

/** What one shipment was priced on and at: the request, the amount and, line by line, the charge. */
const pricedOn = {
  request: priceRequestCopy,
  amount: z.number(),
  /** Absent on payments opened before itemized prices. */
  charge: chargeCopy.optional(),
};

export const singleOrderSchema = z.object({
  kind: z.literal('single'),
  packageIds: z.array(z.number()).min(1),
  destination: destinationCopy,
  ...pricedOn,
  currency: z.string(),
  notes: z.string().nullable(),
  tempReference: z.string().nullable(),
});
export type SingleOrder = z.infer<typeof singleOrderSchema>;

const pricedConsolidation = z.object({
  shipmentId: z.number(),
  destination: z.string(),
  ...pricedOn,
});

export const consolidationOrderSchema = z.object({
  kind: z.literal('consolidation'),
  shipments: z.array(pricedConsolidation).min(1),
  amount: z.number(),
  currency: z.string(),
});
export type ConsolidationOrder = z.infer<typeof consolidationOrderSchema>;

/** A package request's fee (decision 068): the request and the fee kept on it when it was asked. */
export const requestOrderSchema = z.object({
  kind: z.literal('request'),
  requestId: z.number(),
  amount: z.number(),
  currency: z.string(),
});
export type RequestOrder = z.infer<typeof requestOrderSchema>;

/** The saved address as it was when the price was shown. */
export function destinationOf(address: Address): Destination {
  const { id, isDefault: _, ...fields } = address;
  return { addressId: id, ...fields };
}

export const copyOfRequest = (request: PriceRequest) => priceRequestCopy.parse(request);
