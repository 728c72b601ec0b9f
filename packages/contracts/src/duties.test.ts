import { describe, expect, it } from 'vitest';
import { type DutiesBasis, type DutyRule, dutiesFor, dutiesWords, estimateDuties } from './duties.ts';
import { choiceOnLines } from './price-choice.ts';
import { SAMPLE_DUTY_RULE } from './test-fixtures.ts';

const UAE = SAMPLE_DUTY_RULE;

const estimate = (rule: DutyRule, goods: { hsCode: string | null; value: number }[], shipping = 100, insurance = 0, unit = 1) =>
  estimateDuties({
    country: 'AE',
    countryName: 'United Arab Emirates',
    rule,
    ruleUnitInPrice: unit,
    goods,
    shipping,
    insurance,
    currency: 'AED',
    dutiesPaid: false,
  });

describe('import duties and taxes (decision 071)', () => {
  it('charges no duty at or below the duty threshold, but VAT above its own', () => {
    const at = estimate(UAE, [{ hsCode: '640411', value: 1000 }]);
    expect(at).toMatchObject({ duty: 0, vat: 55, fees: 0, total: 55, payableAt: 'DELIVERY', basis: 'CIF' });
    // VAT is on the CIF value: 5 % of (1,000 + 100 shipping).
  });

  it('charges duty on CIF above the threshold, and VAT on CIF plus the duty', () => {
    const above = estimate(UAE, [{ hsCode: '640411', value: 1000.01 }], 100, 20);
    // CIF 1,120.01: duty 56.0005 -> 56.00; VAT 5 % of 1,176.01 = 58.8005 -> 58.80.
    expect(above).toMatchObject({ duty: 56, vat: 58.8, total: 114.8 });
  });

  it('charges duty on the goods alone on FOB', () => {
    const fob = estimate({ ...UAE, dutyBasis: 'FOB' }, [{ hsCode: null, value: 2000 }], 300);
    expect(fob).toMatchObject({ duty: 100, vat: 105, total: 205, basis: 'FOB' });
  });

  it('exempts a chapter from duty (not from VAT) and taxes another at its own rate', () => {
    const mixed = estimate({ ...UAE, dutyBasis: 'FOB' }, [
      { hsCode: '490199', value: 1000 },
      { hsCode: '240220', value: 500 },
    ]);
    // Books pay no duty; cigars 100 % of 500. VAT 5 % of (1,500 + 500).
    expect(mixed).toMatchObject({ duty: 500, vat: 100, total: 600 });
  });

  it("compares thresholds in the rule's currency and converts fees into the price's", () => {
    const sar: DutyRule = { ...UAE, currency: 'SAR', dutyFreeUpTo: 1000, vatFreeUpTo: 0, vatRate: 15, fees: 35, dutyBasis: 'FOB' };
    // 1,000 SAR is 979 AED at 0.979: goods of 980 AED are above it.
    const over = estimate(sar, [{ hsCode: null, value: 980 }], 0, 0, 0.979);
    expect(over.duty).toBe(49);
    expect(over.fees).toBe(34.27);
    const under = estimate(sar, [{ hsCode: null, value: 979 }], 0, 0, 0.979);
    expect(under.duty).toBe(0);
  });

  it('charges the fee only when something is due, and nothing at all under both thresholds', () => {
    const none = estimate({ ...UAE, vatFreeUpTo: 1000, fees: 30 }, [{ hsCode: null, value: 999 }]);
    expect(none).toMatchObject({ duty: 0, vat: 0, fees: 0, total: 0 });
    expect(dutiesWords(none)).toBe("No import duty or VAT expected: the goods are under United Arab Emirates's thresholds.");
  });

  it('says so when a destination has no rule', () => {
    const basis: DutiesBasis = { country: 'OM', countryName: 'Oman', rule: null, ruleUnitInPrice: null, goods: [] };
    const none = dutiesFor(basis, 100, 0, true, 'AED');
    expect(none).toEqual({
      estimated: false,
      country: 'OM',
      reason: 'Import duties and taxes are not estimated for Oman: the carrier may collect them at delivery.',
    });
  });

  it('prices a choice: the option, the insurance in the CIF base, and a line for prepaid duties', () => {
    const basis: DutiesBasis = {
      country: 'AE',
      countryName: 'United Arab Emirates',
      rule: UAE,
      ruleUnitInPrice: 1,
      goods: [{ hsCode: null, value: 2000 }],
    };
    const options = [
      {
        id: 'sandbox:XPS:NOR',
        carrier: 'sandbox',
        product: 'XPS',
        service: 'NOR',
        name: 'Express',
        price: 200,
        currency: 'AED',
        transitDays: { min: 1, max: 3 },
      },
      {
        id: 'sandbox:ECO:NOR',
        carrier: 'sandbox',
        product: 'ECO',
        service: 'NOR',
        name: 'Economy',
        price: 140,
        currency: 'AED',
        transitDays: { min: 3, max: 6 },
      },
    ];
    const offer = { currency: 'AED', options, insurance: { premium: 40, cover: 2000 }, dutiesBasis: basis };
    const lines = [
      { label: 'Shipping', amount: 140 },
      { label: 'Storage fees (2 days past free storage)', amount: 4 },
    ];
    const cheapest = choiceOnLines(lines, offer, { insured: false });
    expect(cheapest?.option?.id).toBe('sandbox:ECO:NOR');
    expect(cheapest?.total).toBe(144);
    expect(cheapest?.duties).toMatchObject({ payableAt: 'DELIVERY', duty: 107, vat: 112.35 });

    const express = choiceOnLines(lines, offer, { insured: true, option: 'sandbox:XPS:NOR', dutiesPaid: true });
    // CIF 2,000 + 200 + 40 = 2,240: duty 112; VAT 5 % of 2,352 = 117.60.
    expect(express?.duties).toMatchObject({ payableAt: 'PREPAID', duty: 112, vat: 117.6, total: 229.6 });
    expect(express?.lines).toEqual([
      { label: 'Shipping', amount: 200 },
      { label: 'Insurance (cover up to 2,000.00 AED)', amount: 40 },
      { label: 'Storage fees (2 days past free storage)', amount: 4 },
      { label: 'Import duties and taxes', amount: 229.6 },
    ]);
    expect(express?.total).toBe(473.6);

    expect(choiceOnLines(lines, offer, { insured: false, option: 'dhl:P:NOR' })).toBeNull();
  });
});
