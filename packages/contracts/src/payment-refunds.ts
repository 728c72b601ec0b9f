import { z } from 'zod';
import { lifecycleMessages } from './lifecycle-messages.ts';
import { PAYMENT_STATUSES } from './lifecycles.ts';
import { hasMinorPrecision } from './money.ts';
import { pageQuerySchema, pageSizeQuerySchema } from './pages.ts';

/** The longest reason a refund may give; the customer reads it in the mail and in Sent Shipments. */
export const REFUND_REASON_MAX = 500;
/** No single card payment comes near it; it keeps a typo from reaching the provider. */
export const REFUND_AMOUNT_MAX = 1_000_000;

/** GET /api/staff/payments: one status or every payment, newest first, a page at a time. */
export const staffPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: `Status must be one of: ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  page: pageQuerySchema.default(1),
  pageSize: pageSizeQuerySchema.default(20),
});

/** One refund as staff see it: who gave how much back, why, and the provider's reference of it. */
export const staffRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  staffName: z.string().nullable(),
  providerReference: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;

/**
 * A payment in the console's Payments list (issue "Exactly once, in one place"): the issue's fields, then what the
 * page shows beside them (the customer, the shipments' references, the provider and the refunds made).
 */
export const staffPaymentSchema = z.object({
  id: z.number().int(),
  /** The provider's order reference: what the customer's receipt and the provider's portal show. */
  orderRef: z.string(),
  /** A shipment of one package, consolidations, or a return's or discard's fee (decision 068). */
  kind: z.enum(['single', 'consolidation', 'request']),
  status: z.enum(PAYMENT_STATUSES),
  /** What the card was charged: what a refund can give back to it. */
  amount: z.number(),
  refundedAmount: z.number(),
  /** What the customer's account balance paid besides (decision 063): staff give it back as a balance adjustment. */
  balanceAmount: z.number(),
  currency: z.string(),
  lockerNumber: z.string().nullable(),
  /** The shipments (database ids) the payment made or pays for. */
  shipmentIds: z.array(z.number().int()),
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  provider: z.string(),
  /** The shipments' own references (SHP…), in the order of shipmentIds. */
  shipmentCodes: z.array(z.string()),
  capturedAt: z.string().nullable(),
  refunds: z.array(staffRefundSchema),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const staffPaymentsPageSchema = z.object({
  success: z.literal(true),
  data: z.array(staffPaymentSchema),
  total: z.number().int(),
  /** The count stopped at LIST_COUNT_CAP: there are more payments than `total` (decision 072). */
  totalCapped: z.boolean(),
});

/** POST /api/staff/payments/{id}/refund: how much to give back (a decimal of the payment's currency) and why. */
export const refundInputSchema = z.object({
  amount: z
    .union([z.number(), z.string().trim().max(32)], { error: lifecycleMessages.refunds.amountInvalid })
    .transform((v) => (typeof v === 'string' && v === '' ? Number.NaN : Number(v)))
    .refine((v) => Number.isFinite(v) && v > 0 && v <= REFUND_AMOUNT_MAX && hasMinorPrecision(v), lifecycleMessages.refunds.amountInvalid),
  reason: z
    .string({ error: lifecycleMessages.refunds.reasonRequired })
    .trim()
    .min(1, lifecycleMessages.refunds.reasonRequired)
    .max(REFUND_REASON_MAX, lifecycleMessages.refunds.reasonTooLong(REFUND_REASON_MAX)),
});
export type RefundInput = z.input<typeof refundInputSchema>;

export const refundAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ status: z.enum(PAYMENT_STATUSES), refundedAmount: z.number() }),
});

/** A refund as its customer sees it in Sent Shipments' details: how much, why and when. */
export const customerRefundSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  /** The payment it gave money back from. */
  orderRef: z.string(),
});
export type CustomerRefund = z.infer<typeof customerRefundSchema>;
