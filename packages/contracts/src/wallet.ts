import { z } from 'zod';
import { formatMoney, hasMinorPrecision } from './money.ts';

/**
 * The account balance (issue "When it goes wrong", decision 063): a ledger of credits and debits per customer. Every
 * entry is whole minor units in the database; amounts travel as decimals, signed (a debit is negative).
 */

/**
 * What an entry is: a claim credited to the balance, a staff adjustment (either way, with its reason), a payment
 * that took from the balance, and the give-back of a payment that failed, expired or made no shipment.
 */
export const WALLET_ENTRY_KINDS = ['CLAIM_CREDIT', 'STAFF_ADJUSTMENT', 'PAYMENT', 'PAYMENT_RETURNED'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];
/** The kinds that only ever add to the balance. */
export const WALLET_CREDIT_KINDS = ['CLAIM_CREDIT', 'PAYMENT_RETURNED'] as const satisfies readonly WalletEntryKind[];

export const WALLET_ENTRY_LABELS: Record<WalletEntryKind, string> = {
  CLAIM_CREDIT: 'Claim credit',
  STAFF_ADJUSTMENT: 'Adjustment',
  PAYMENT: 'Paid from balance',
  PAYMENT_RETURNED: 'Returned to balance',
};

/** The largest single adjustment staff may make, in the balance's currency. */
export const WALLET_ADJUSTMENT_MAX = 100_000;
export const WALLET_REASON_MAX = 500;

/** Every user-facing message of the account balance. */
export const walletMessages = {
  /** A payment's balance part could not be taken: another payment or an adjustment took from the balance meanwhile. */
  balanceChanged: 'Your account balance changed while you were paying. Please review the amount and pay again.',
  /** The amount the card is to be charged is not the price less the balance used. */
  cardAmountMismatch: (card: number, balanceUsed: number, currency: string) =>
    `The amount does not match what is left to pay by card (${formatMoney(card, currency)} after ${formatMoney(balanceUsed, currency)} from your account balance). Please review the price and pay again.`,
  /** What is paid for changed between the price and the payment from the balance. */
  orderChanged: 'What you are paying for changed meanwhile. Please review it and pay again.',
  /** A staff deduction larger than the balance. */
  balanceTooLow: (balance: number, currency: string) =>
    `The balance is ${formatMoney(balance, currency)}: a deduction cannot take it below zero`,
  /** A refund of a payment made wholly from the balance: nothing was charged to a card. */
  paidFromBalance: 'This payment was made from the account balance: nothing was charged to a card to refund',
  amountInvalid: `Amount must be a number other than zero, at most ${WALLET_ADJUSTMENT_MAX} either way, with at most 2 decimals`,
  reasonRequired: 'Give a reason for the adjustment',
  reasonTooLong: `The reason can be at most ${WALLET_REASON_MAX} characters`,
  customerNotFound: 'Customer not found',
};

export const walletEntrySchema = z.object({
  at: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  /** What the entry is about: a payment's reference, a claim, or the reason staff gave. */
  reference: z.string().nullable(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** GET /api/user/wallet: the balance and a page of its entries, newest first. */
export const walletResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ balance: z.number(), currency: z.string(), entries: z.array(walletEntrySchema) }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;

/** A staff adjustment: a signed amount (a credit, or a deduction) and why. */
export const walletAdjustmentSchema = z.object({
  amount: z
    .union([z.number(), z.string().trim().max(32)], { error: walletMessages.amountInvalid })
    .transform((v) => Number(v))
    .refine(
      (v) => Number.isFinite(v) && v !== 0 && Math.abs(v) <= WALLET_ADJUSTMENT_MAX && hasMinorPrecision(v),
      walletMessages.amountInvalid,
    ),
  reason: z
    .string({ error: walletMessages.reasonRequired })
    .trim()
    .min(1, walletMessages.reasonRequired)
    .max(WALLET_REASON_MAX, walletMessages.reasonTooLong),
});

export const walletAdjustmentResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ balance: z.number(), currency: z.string() }),
});
