import { describe, expect, it } from 'vitest';
import { insuranceOffer } from './insurance.ts';
import { balanceSplit, priceBreakdown, withAccountBalance, withInsurance } from './price-breakdown.ts';
import { storageOf, storageTone } from './storage.ts';

const RATE = { percent: 2, minimumPremium: 10, maxInsurableValue: 20000 };
const DAY = 86_400_000;

describe('insurance (issue "Declare, insure")', () => {
  it('charges 2% of the declared value, at least 10 AED, covering at most the maximum insurable value', () => {
    expect(insuranceOffer(100, RATE)).toEqual({ cover: 100, premium: 10 });
    expect(insuranceOffer(500, RATE)).toEqual({ cover: 500, premium: 10 });
    expect(insuranceOffer(500.5, RATE)).toEqual({ cover: 500.5, premium: 10.01 });
    expect(insuranceOffer(1234.56, RATE)).toEqual({ cover: 1234.56, premium: 24.69 });
    expect(insuranceOffer(50000, RATE)).toEqual({ cover: 20000, premium: 400 });
  });

  it('offers nothing when nothing is declared', () => {
    expect(insuranceOffer(0, RATE)).toEqual({ cover: 0, premium: 0 });
    expect(insuranceOffer(-5, RATE)).toEqual({ cover: 0, premium: 0 });
  });
});

describe('storage time', () => {
  const received = new Date('2026-01-01T10:00:00.000Z');
  const terms = { freeDays: 45, feePerDay: 2 };
  const at = (ms: number) => new Date(received.getTime() + ms);

  it('counts the free days down from the received date, a started day counting as a day', () => {
    expect(storageOf(received, terms, received)).toEqual({ freeUntil: '2026-02-15T10:00:00.000Z', daysLeft: 45, feeAccrued: 0 });
    expect(storageOf(received, terms, at(DAY / 2)).daysLeft).toBe(45);
    expect(storageOf(received, terms, at(DAY)).daysLeft).toBe(44);
    expect(storageOf(received, terms, at(38 * DAY)).daysLeft).toBe(7);
  });

  it('charges each started day after the free days, from the first second', () => {
    expect(storageOf(received, terms, at(45 * DAY))).toMatchObject({ daysLeft: 0, feeAccrued: 0 });
    expect(storageOf(received, terms, at(45 * DAY + 1000))).toMatchObject({ daysLeft: 0, feeAccrued: 2 });
    expect(storageOf(received, terms, at(48 * DAY + 1000))).toMatchObject({ feeAccrued: 8 });
    expect(storageOf(received, { freeDays: 10, feePerDay: 5 }, at(12 * DAY))).toMatchObject({ feeAccrued: 10 });
  });

  it('stops when a payment settled the fees', () => {
    const settled = { at: at(47 * DAY), fee: 4 };
    expect(storageOf(received, terms, at(90 * DAY), settled)).toMatchObject({ daysLeft: 0, feeAccrued: 4 });
  });

  it('is neutral, then amber in the last 7 days, then red once fees accrue', () => {
    expect(storageTone(storageOf(received, terms, at(37 * DAY)))).toBe('neutral');
    expect(storageTone(storageOf(received, terms, at(38 * DAY)))).toBe('warning');
    expect(storageTone(storageOf(received, terms, at(46 * DAY)))).toBe('accruing');
  });
});

describe('the itemized price', () => {
  const parts = { shipping: 120.5, storageFee: 6, storageDays: 3, storagePackages: 1, insurance: { premium: 10, cover: 334.2 } };

  it('lists shipping, the insurance when chosen and the storage fees, summing to the total', () => {
    expect(priceBreakdown(parts, false)).toEqual({
      lines: [
        { label: 'Shipping', amount: 120.5 },
        { label: 'Storage fees (3 days past free storage)', amount: 6 },
      ],
      total: 126.5,
    });
    expect(priceBreakdown({ ...parts, storagePackages: 2, storageDays: 5 }, true)).toEqual({
      lines: [
        { label: 'Shipping', amount: 120.5 },
        { label: 'Insurance (cover up to 334.20 AED)', amount: 10 },
        { label: 'Storage fees (2 packages, 5 days past free storage)', amount: 6 },
      ],
      total: 136.5,
    });
  });

  it('adds no insurance line when none is on offer', () => {
    expect(withInsurance([{ label: 'Shipping', amount: 50 }], { premium: 0, cover: 0 }, true).lines).toHaveLength(1);
    expect(withInsurance([{ label: 'Shipping', amount: 50 }], null, true).total).toBe(50);
  });
});

describe('paying with the account balance (decision 063)', () => {
  it('takes all the balance it can, up to the price, and leaves the rest to the card, to the fil', () => {
    expect(balanceSplit(120.35, 25)).toEqual({ fromBalance: 25, card: 95.35 });
    expect(balanceSplit(120.35, 500)).toEqual({ fromBalance: 120.35, card: 0 });
    expect(balanceSplit(0.3, 0.1)).toEqual({ fromBalance: 0.1, card: 0.2 });
    expect(balanceSplit(99.99, 0)).toEqual({ fromBalance: 0, card: 99.99 });
  });

  it('shows what the balance paid as a negative line, the total then what the card is charged', () => {
    const { lines, total } = withAccountBalance([{ label: 'Shipping', amount: 120.35 }], 25);
    expect(lines).toEqual([
      { label: 'Shipping', amount: 120.35 },
      { label: 'Account balance', amount: -25 },
    ]);
    expect(total).toBe(95.35);
    expect(withAccountBalance([{ label: 'Shipping', amount: 10 }], 0).lines).toHaveLength(1);
  });
});
