import { z } from 'zod';
import { countryCode } from './countries.ts';
import { DUTY_BASES } from './duties.ts';
import { hasMinorPrecision } from './money.ts';
import { formNumber, UNSIGNED_NUMBER_TEXT } from './validation.ts';

/**
 * The admin's duty rules (issue "No surprise at the door", decision 071): GET /api/admin/duty-rules,
 * PUT /api/admin/duty-rules/{countryCode}, DELETE the same. The calculation is in duties.ts.
 */

export const DUTY_RATE_MAX = 100;
/** Thresholds and fees in the rule's currency: enough for any de minimis in the world, bounded before it is stored. */
export const DUTY_AMOUNT_MAX = 10_000_000;
export const DUTY_CHAPTERS_MAX = 99;

export const dutyRuleMessages = {
  notFound: 'No duty rule for this country',
  unknownCountry: 'Country must be an ISO 3166-1 alpha-2 code, e.g. AE',
  currency: 'Currency must be a 3-letter code the product converts, e.g. AED',
  rate: `Rates must be percents from 0 to ${DUTY_RATE_MAX}`,
  amount: `Thresholds and fees must be amounts from 0 to ${DUTY_AMOUNT_MAX.toLocaleString('en-US')}, with at most 2 decimals`,
  chapter: 'HS chapters are two digits, from 01 to 99',
  basis: 'Duty basis must be FOB or CIF',
  chooseCountry: 'Choose a country',
  chapterTwice: 'Each HS chapter can have one rate',
  saved: 'Duty rule saved',
  deleted: 'Duty rule removed',
} as const;

/** A rate in percent; the form's fields use it too. */
export const dutyPercentSchema = formNumber(dutyRuleMessages.rate, { maxLength: 16, pattern: UNSIGNED_NUMBER_TEXT }).pipe(
  z.number().min(0, dutyRuleMessages.rate).max(DUTY_RATE_MAX, dutyRuleMessages.rate).refine(hasMinorPrecision, dutyRuleMessages.rate),
);
/** A threshold or fee in the rule's currency. */
export const dutyAmountSchema = formNumber(dutyRuleMessages.amount, { maxLength: 16, pattern: UNSIGNED_NUMBER_TEXT }).pipe(
  z
    .number()
    .min(0, dutyRuleMessages.amount)
    .max(DUTY_AMOUNT_MAX, dutyRuleMessages.amount)
    .refine(hasMinorPrecision, dutyRuleMessages.amount),
);
/** An HS chapter: the first two digits of an HS code. */
export const dutyChapterSchema = z
  .string({ error: dutyRuleMessages.chapter })
  .trim()
  .max(2, { message: dutyRuleMessages.chapter, abort: true })
  .regex(/^(0[1-9]|[1-9]\d)$/, dutyRuleMessages.chapter);

/** An ISO code of a country the product knows, upper case. */
export const dutyCountrySchema = z
  .string()
  .trim()
  .max(2, { message: dutyRuleMessages.unknownCountry, abort: true })
  .toUpperCase()
  .refine((code) => /^[A-Z]{2}$/.test(code) && countryCode(code) === code, dutyRuleMessages.unknownCountry);

export const dutyRuleInputSchema = z.object({
  currency: z
    .string({ error: dutyRuleMessages.currency })
    .trim()
    .max(3, { message: dutyRuleMessages.currency, abort: true })
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, dutyRuleMessages.currency),
  dutyFreeUpTo: dutyAmountSchema,
  vatFreeUpTo: dutyAmountSchema,
  dutyRate: dutyPercentSchema,
  vatRate: dutyPercentSchema,
  dutyBasis: z.enum(DUTY_BASES, { error: dutyRuleMessages.basis }),
  fees: dutyAmountSchema.default(0),
  exemptHsChapters: z
    .array(dutyChapterSchema, { error: dutyRuleMessages.chapter })
    .max(DUTY_CHAPTERS_MAX)
    .default([])
    .transform((list) => [...new Set(list)].sort()),
  hsChapterRates: z
    .record(dutyChapterSchema, dutyPercentSchema, { error: dutyRuleMessages.chapter })
    .refine((rates) => Object.keys(rates).length <= DUTY_CHAPTERS_MAX, dutyRuleMessages.chapter)
    .default({}),
  /** Where the figures come from, for the next admin: a law, a customs notice. */
  source: z
    .string()
    .trim()
    .max(300, 'Source can be at most 300 characters')
    .nullish()
    .transform((v) => v || null),
});
export type DutyRuleInput = z.input<typeof dutyRuleInputSchema>;

/**
 * One rule as answered: the stored figures, the country and when it last changed. Its own plain shape rather than
 * the input schema extended, since an answer is encoded and the input's coercions and transforms only decode.
 */
export const dutyRuleSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  currency: z.string(),
  dutyFreeUpTo: z.number(),
  vatFreeUpTo: z.number(),
  dutyRate: z.number(),
  vatRate: z.number(),
  dutyBasis: z.enum(DUTY_BASES),
  fees: z.number(),
  exemptHsChapters: z.array(z.string()),
  hsChapterRates: z.record(z.string(), z.number()),
  source: z.string().nullable(),
  updatedAt: z.string(),
});
export type DutyRuleView = z.infer<typeof dutyRuleSchema>;

export const dutyRulesResponseSchema = z.object({ success: z.literal(true), rules: z.array(dutyRuleSchema) });
export const dutyRuleResponseSchema = z.object({ success: z.literal(true), rule: dutyRuleSchema });
