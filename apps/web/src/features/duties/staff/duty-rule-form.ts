import {
  DUTY_CHAPTERS_MAX,
  type DutyRuleView,
  dutyAmountSchema,
  dutyChapterSchema,
  dutyPercentSchema,
  dutyRuleInputSchema,
  dutyRuleMessages,
} from '@hopbox/contracts/duty-rules';
import { z } from 'zod';

/**
 * The duty rule dialog's fields as typed (text, as inputs hold it) and how they become the PUT body: the API's own
 * field schemas check each one, so the dialog says what the API would, on the field at fault.
 */

const fields = dutyRuleInputSchema.shape;

/** What the PUT takes, as the form sends it: numbers, lists and chapters checked. */
export type DutyRuleBody = z.output<typeof dutyRuleInputSchema>;

/** A number field must not be left empty: the API would read an empty value as 0. The API's schema coerces any input, text included. */
const typed = (schema: z.ZodType<number, unknown>, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .pipe(schema as z.ZodType<number, string>);

/** "30, 49" or "30 49" as a list of chapters. */
export const splitChapters = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

const chapterList = z
  .string()
  .max(DUTY_CHAPTERS_MAX * 4, dutyRuleMessages.chapter)
  .transform((text, ctx) => {
    const parsed = fields.exemptHsChapters.safeParse(splitChapters(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? dutyRuleMessages.chapter });
    return z.NEVER;
  });

const chapterRow = z.object({ chapter: dutyChapterSchema, rate: typed(dutyPercentSchema, dutyRuleMessages.rate) });

const chapterRates = z
  .array(chapterRow)
  .max(DUTY_CHAPTERS_MAX, dutyRuleMessages.chapter)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.chapter)) ctx.addIssue({ code: 'custom', message: dutyRuleMessages.chapterTwice, path: [index, 'chapter'] });
      seen.add(row.chapter);
    });
  })
  .transform((rows) => Object.fromEntries(rows.map((row) => [row.chapter, row.rate])));

export const dutyRuleFormSchema = z
  .object({
    countryCode: z.string().min(1, dutyRuleMessages.chooseCountry),
    currency: fields.currency,
    dutyFreeUpTo: typed(dutyAmountSchema, dutyRuleMessages.amount),
    vatFreeUpTo: typed(dutyAmountSchema, dutyRuleMessages.amount),
    dutyRate: typed(dutyPercentSchema, dutyRuleMessages.rate),
    vatRate: typed(dutyPercentSchema, dutyRuleMessages.rate),
    dutyBasis: fields.dutyBasis,
    fees: typed(dutyAmountSchema, dutyRuleMessages.amount),
    exemptHsChapters: chapterList,
    chapterRates,
    source: fields.source,
  })
  .transform(({ countryCode, chapterRates: hsChapterRates, ...rule }): { countryCode: string; input: DutyRuleBody } => ({
    countryCode,
    input: { ...rule, hsChapterRates },
  }));

export type DutyRuleFormValues = z.input<typeof dutyRuleFormSchema>;

/** The dialog's starting values: a rule's own to edit it; for a new one, the common case of duty on CIF. */
export function formValuesOf(rule: DutyRuleView | null): DutyRuleFormValues {
  if (!rule) {
    return {
      countryCode: '',
      currency: '',
      dutyFreeUpTo: '0',
      vatFreeUpTo: '0',
      dutyRate: '',
      vatRate: '',
      dutyBasis: 'CIF',
      fees: '0',
      exemptHsChapters: '',
      chapterRates: [],
      source: '',
    };
  }
  return {
    countryCode: rule.countryCode,
    currency: rule.currency,
    dutyFreeUpTo: String(rule.dutyFreeUpTo),
    vatFreeUpTo: String(rule.vatFreeUpTo),
    dutyRate: String(rule.dutyRate),
    vatRate: String(rule.vatRate),
    dutyBasis: rule.dutyBasis,
    fees: String(rule.fees),
    exemptHsChapters: rule.exemptHsChapters.join(', '),
    chapterRates: Object.entries(rule.hsChapterRates)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([chapter, rate]) => ({ chapter, rate: String(rate) })),
    source: rule.source ?? '',
  };
}
