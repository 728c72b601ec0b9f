import type { DutyRule } from '@hopbox/contracts/duties';
import type { Executor } from '../../db/client.ts';
import { type DutyRuleRecord, insertMissingDutyRules } from './duty-rules-repository.ts';

/**
 * The GCC destinations' initial rules (decision 071, which gives the source of every figure). The six states share
 * the GCC Common Customs Law and its tariff: 5% on the CIF value, 50% on beverages (chapter 22, for its wines and
 * spirits), 100% on tobacco (chapter 24), medicines (30) and printed books (49) free. VAT differs by state. Where no
 * threshold could be confirmed it is 0: duty or VAT on every consignment, which over-states rather than surprises.
 * An operator confirms them before production.
 */
const GCC_TARIFF = {
  dutyRate: 5,
  dutyBasis: 'CIF',
  fees: 0,
  exemptHsChapters: ['30', '49'],
  hsChapterRates: { '22': 50, '24': 100 },
} as const satisfies Partial<DutyRule>;

/** Saudi Arabia and Kuwait forbid alcohol outright, so chapter 22 keeps only its waters and soft drinks, at the general rate. */
const DRY_TARIFF = { ...GCC_TARIFF, hsChapterRates: { '24': 100 } };

const gcc = (
  countryCode: string,
  tariff: typeof GCC_TARIFF | typeof DRY_TARIFF,
  figures: Pick<DutyRule, 'currency' | 'dutyFreeUpTo' | 'vatFreeUpTo' | 'vatRate'>,
  source: string,
): DutyRuleRecord => ({
  countryCode,
  rule: { ...tariff, ...figures, exemptHsChapters: [...tariff.exemptHsChapters], hsChapterRates: { ...tariff.hsChapterRates } },
  source,
});

const CUSTOMS_LAW = 'GCC Common Customs Law and Tariff (5% on CIF)';

export const GCC_DUTY_RULES: readonly DutyRuleRecord[] = [
  gcc(
    'AE',
    GCC_TARIFF,
    { currency: 'AED', dutyFreeUpTo: 1000, vatFreeUpTo: 0, vatRate: 5 },
    `${CUSTOMS_LAW}; AED 1,000 courier de minimis; VAT Federal Decree-Law No. 8 of 2017 (5%). To be confirmed, decision 071`,
  ),
  gcc(
    'SA',
    DRY_TARIFF,
    { currency: 'SAR', dutyFreeUpTo: 1000, vatFreeUpTo: 0, vatRate: 15 },
    `${CUSTOMS_LAW}; SAR 1,000 de minimis; VAT Law (Royal Decree M/113), 15% from 1 July 2020 (Royal Order A/638). To be confirmed, decision 071`,
  ),
  gcc(
    'BH',
    GCC_TARIFF,
    { currency: 'BHD', dutyFreeUpTo: 0, vatFreeUpTo: 0, vatRate: 10 },
    `${CUSTOMS_LAW}; no de minimis confirmed; VAT Decree-Law No. 48 of 2018, 10% from 1 January 2022. To be confirmed, decision 071`,
  ),
  gcc(
    'OM',
    GCC_TARIFF,
    { currency: 'OMR', dutyFreeUpTo: 0, vatFreeUpTo: 0, vatRate: 5 },
    `${CUSTOMS_LAW}; no de minimis confirmed; VAT Law, Royal Decree No. 121/2020, 5% from 16 April 2021. To be confirmed, decision 071`,
  ),
  gcc(
    'QA',
    GCC_TARIFF,
    { currency: 'QAR', dutyFreeUpTo: 0, vatFreeUpTo: 0, vatRate: 0 },
    `${CUSTOMS_LAW}; no de minimis confirmed; no VAT in Qatar. To be confirmed, decision 071`,
  ),
  gcc(
    'KW',
    DRY_TARIFF,
    { currency: 'KWD', dutyFreeUpTo: 0, vatFreeUpTo: 0, vatRate: 0 },
    `${CUSTOMS_LAW}; no de minimis confirmed; no VAT in Kuwait. To be confirmed, decision 071`,
  ),
];

/**
 * Adds the GCC rules of the countries that have no rule yet, so running it again, or after an admin changed one,
 * changes nothing. Answers the codes it added and the ones it left as they were.
 */
export async function seedGccDutyRules(db: Executor): Promise<{ added: string[]; kept: string[] }> {
  const added = await insertMissingDutyRules(db, GCC_DUTY_RULES);
  return { added, kept: GCC_DUTY_RULES.map((r) => r.countryCode).filter((code) => !added.includes(code)) };
}
