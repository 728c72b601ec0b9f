import { z } from 'zod';
import { DEFAULT_CURRENCY } from './constants.ts';
import { idOf, idSchema } from './ids.ts';
import { messages } from './messages.ts';
import { dutiesPaidChoice, shippingOptionSchema } from './pricing.ts';
import { optionalText } from './validation.ts';

/** The amount the browser shows; the server prices again and refuses a different one. */
const amount = z
  .union([z.number(), z.string().trim().max(32, messages.shipments.invalidAmount)], { error: messages.shipments.invalidAmount })
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v >= 0, messages.shipments.invalidAmount);

const redirectUrl = z.string().trim().max(500).optional();
/** Sent by SPEC.md's client; the payer is always the signed-in customer, so it is ignored. */
const userId = z.union([z.number(), z.string().max(40)]).optional();
const currency = z.string().trim().max(10).toUpperCase().default(DEFAULT_CURRENCY);
const insuranceChoice = z.boolean({ error: 'Insurance must be true or false' }).default(false);
/**
 * Pay what the account balance covers from it (decision 063): `amount` is then what is left for the card, 0 when the
 * balance covers everything (and only then).
 */
const useBalance = z.boolean({ error: 'useBalance must be true or false' }).default(false);
/** The carrier option chosen (decision 070), one of those the price answered; the cheapest when absent. */
const option = shippingOptionSchema.optional();
/** Prepay the import duties and taxes estimated (decision 071); the amount then includes them. */
const dutiesPaid = dutiesPaidChoice;

/** SPEC.md's single-package generate body, plus the draft the server prices and holds. */
export const singlePaymentSchema = z.object({
  shipmentId: z.string().trim().max(60).optional(),
  amount,
  userId,
  currency,
  redirectUrl,
  packages: z.array(z.union([idSchema, z.string().trim().min(1).max(20)])).length(1, 'A card payment covers exactly one package'),
  addressId: idOf(messages.shipments.selectAddress),
  notes: optionalText(1000),
  /** Buy the insurance on offer (issue "Declare, insure"); its premium is part of the amount. */
  insurance: insuranceChoice,
  useBalance,
  option,
  dutiesPaid,
});

export const consolidationPaymentSchema = z.object({
  shipmentIds: z.array(idSchema, { error: messages.shipments.selectShipment }).min(1, messages.shipments.selectShipment).max(50),
  amount,
  userId,
  currency,
  redirectUrl,
  /** Insure every consolidation paid for; each premium is part of the amount. */
  insurance: insuranceChoice,
  useBalance,
  /** The same option and choice of duties for each consolidation paid for. */
  option,
  dutiesPaid,
});

/** Pay a return's or discard's fee (decision 068): the server reads the fee from the request; `amount` is the card's part. */
export const requestPaymentSchema = z.object({
  amount,
  userId,
  currency,
  redirectUrl,
  useBalance,
});

export const paymentCheckSchema = z.object({
  orderRef: z.string({ error: messages.payments.invalidReference }).trim().min(1, messages.payments.invalidReference).max(100),
});

export const paymentLinkResponseSchema = z.object({
  success: z.literal(true),
  orderRef: z.string(),
  amount: z.number(),
  currency: z.string(),
  _links: z.object({ payment: z.object({ href: z.string() }) }),
  /** What the account balance paid (decision 063), when it was asked to. */
  balanceUsed: z.number().optional(),
  /**
   * True when the balance paid everything: no card payment, the shipment is paid already, and the link leads to the
   * callback page with the reference, whose check answers SUCCESS.
   */
  paid: z.boolean().optional(),
});

export const paymentCheckResponseSchema = z.object({
  success: z.boolean(),
  captured: z.union([z.literal(0), z.literal(1)]),
  status: z.string(),
  msg: z.string(),
  orderRef: z.string(),
  shipmentId: z.string().optional(),
  shipmentIds: z.string().optional(),
  /** A request's payment: the package the request is about, to lead back to it. */
  hopboxId: z.string().optional(),
});
export type PaymentCheckResponse = z.infer<typeof paymentCheckResponseSchema>;
