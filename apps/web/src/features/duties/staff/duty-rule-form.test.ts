import { dutyRuleMessages } from '@hopbox/contracts/duty-rules';
import { describe, expect, it } from 'vitest';
import { type DutyRuleFormValues, dutyRuleFormSchema, formValuesOf, splitChapters } from './duty-rule-form';
import { chapterRatesText, chaptersText, freeUpToText, percentText, thresholdText } from './duty-rule-words';

const uae: DutyRuleFormValues = {
  countryCode: 'AE',
  currency: 'aed',
  dutyFreeUpTo: '1000',
  vatFreeUpTo: '0',
  dutyRate: '5',
  vatRate: '5',
  dutyBasis: 'CIF',
  fees: '0',
  exemptHsChapters: '49, 30',
  chapterRates: [
    { chapter: '24', rate: '100' },
    { chapter: '22', rate: '50' },
  ],
  source: ' GCC Common Customs Law ',
};

const firstIssue = (values: DutyRuleFormValues) => {
  const parsed = dutyRuleFormSchema.safeParse(values);
  if (parsed.success) throw new Error('expected a refusal');
  const [issue] = parsed.error.issues;
  return { path: issue?.path.join('.'), message: issue?.message };
};

describe('the duty rule form', () => {
  it('turns the typed fields into the PUT body and the country of its address', () => {
    expect(dutyRuleFormSchema.parse(uae)).toEqual({
      countryCode: 'AE',
      input: {
        currency: 'AED',
        dutyFreeUpTo: 1000,
        vatFreeUpTo: 0,
        dutyRate: 5,
        vatRate: 5,
        dutyBasis: 'CIF',
        fees: 0,
        exemptHsChapters: ['30', '49'],
        hsChapterRates: { '24': 100, '22': 50 },
        source: 'GCC Common Customs Law',
      },
    });
  });

  it('reads chapters separated by commas, spaces or semicolons', () => {
    expect(splitChapters(' 30,49 ;61  62 ')).toEqual(['30', '49', '61', '62']);
    expect(splitChapters('')).toEqual([]);
  });

  it.each([
    ['no country', { countryCode: '' }, 'countryCode', dutyRuleMessages.chooseCountry],
    ['an empty duty rate, which the API would read as 0', { dutyRate: ' ' }, 'dutyRate', dutyRuleMessages.rate],
    ['an empty threshold', { vatFreeUpTo: '' }, 'vatFreeUpTo', dutyRuleMessages.amount],
    ['a rate over 100', { vatRate: '120' }, 'vatRate', dutyRuleMessages.rate],
    ['fees in thousandths', { fees: '2.005' }, 'fees', dutyRuleMessages.amount],
    ['a currency of 4 letters', { currency: 'EURO' }, 'currency', dutyRuleMessages.currency],
    ['a one-digit exempt chapter', { exemptHsChapters: '30, 4' }, 'exemptHsChapters', dutyRuleMessages.chapter],
    ['a heading as a chapter', { chapterRates: [{ chapter: '2204', rate: '50' }] }, 'chapterRates.0.chapter', dutyRuleMessages.chapter],
    ['an empty chapter rate', { chapterRates: [{ chapter: '22', rate: '' }] }, 'chapterRates.0.rate', dutyRuleMessages.rate],
    [
      'a chapter given twice',
      {
        chapterRates: [
          { chapter: '22', rate: '50' },
          { chapter: '22', rate: '5' },
        ],
      },
      'chapterRates.1.chapter',
      dutyRuleMessages.chapterTwice,
    ],
  ])('refuses %s on its field', (_case, change, path, message) => {
    expect(firstIssue({ ...uae, ...change })).toEqual({ path, message });
  });

  it("starts from a rule's own figures, chapters in order, and from duty on CIF for a new one", () => {
    const values = formValuesOf({
      countryCode: 'SA',
      countryName: 'Saudi Arabia',
      currency: 'SAR',
      dutyFreeUpTo: 1000,
      vatFreeUpTo: 0,
      dutyRate: 5,
      vatRate: 15,
      dutyBasis: 'CIF',
      fees: 0,
      exemptHsChapters: ['30', '49'],
      hsChapterRates: { '24': 100, '22': 50 },
      source: null,
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({ dutyFreeUpTo: '1000', vatRate: '15', exemptHsChapters: '30, 49', source: '' });
    expect(values.chapterRates).toEqual([
      { chapter: '22', rate: '50' },
      { chapter: '24', rate: '100' },
    ]);
    expect(dutyRuleFormSchema.parse(values).input.hsChapterRates).toEqual({ '22': 50, '24': 100 });
    expect(formValuesOf(null)).toMatchObject({ countryCode: '', dutyBasis: 'CIF', chapterRates: [] });
  });
});

describe('the table’s words', () => {
  it('says thresholds of 0 and empty chapter lists as None, and chapter rates in chapter order', () => {
    expect(thresholdText(1000, 'AED')).toBe('1,000.00 AED');
    expect(thresholdText(0, 'AED')).toBe('None');
    expect(freeUpToText(1000, 'SAR')).toBe('Free up to 1,000.00 SAR');
    expect(freeUpToText(0, 'SAR')).toBe('On every import');
    expect(chaptersText(['30', '49'])).toBe('30, 49');
    expect(chaptersText([])).toBe('None');
    expect(chapterRatesText({ '24': 100, '22': 50 })).toBe('22: 50% · 24: 100%');
    expect(chapterRatesText({})).toBe('None');
    expect(percentText(12.5)).toBe('12.5%');
  });
});
