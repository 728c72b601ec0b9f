import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  hasMinorPrecision,
  percentOf,
  percentOfMoney,
  roundHalfUp,
  sameMoney,
  shareOf,
  subtractMoney,
  sumMoney,
  timesMoney,
  toMajor,
  toMinor,
} from './money.ts';

describe('formatMoney', () => {
  it('writes the amount with two decimals, then the currency code', () => {
    expect(formatMoney(163.52, 'AED')).toBe('163.52 AED');
    expect(formatMoney(45, 'USD')).toBe('45.00 USD');
    expect(formatMoney(133.2, 'AED')).toBe('133.20 AED');
    expect(formatMoney(0, 'AED')).toBe('0.00 AED');
  });

  it('groups thousands and rounds to the cent', () => {
    expect(formatMoney(1234.5, 'AED')).toBe('1,234.50 AED');
    expect(formatMoney(1234567.891, 'AED')).toBe('1,234,567.89 AED');
    expect(formatMoney(0.005, 'AED')).toBe('0.01 AED');
    expect(formatMoney(999.995, 'AED')).toBe('1,000.00 AED');
  });

  it('writes what en-US writes for amounts below zero, and no minus before a zero', () => {
    expect(formatMoney(-1234.5, 'AED')).toBe('-1,234.50 AED');
    expect(formatMoney(-0.05, 'AED')).toBe('-0.05 AED');
    expect(formatMoney(-0.004, 'AED')).toBe('0.00 AED');
  });

  it('reads amounts kept as decimal text', () => {
    expect(formatMoney('571.2', 'AED')).toBe('571.20 AED');
  });

  it("says 'N/A' when the amount is unknown", () => {
    expect(formatMoney(null, 'AED')).toBe('N/A');
    expect(formatMoney(undefined, 'AED')).toBe('N/A');
    expect(formatMoney('', 'AED')).toBe('N/A');
    expect(formatMoney(Number.NaN, 'AED')).toBe('N/A');
    expect(formatMoney('abc', 'AED')).toBe('N/A');
  });
});

describe('money in minor units', () => {
  it('rounds half away from zero, whatever noise the float carries', () => {
    expect(roundHalfUp(1007.5)).toBe(1008);
    expect(roundHalfUp(-1007.5)).toBe(-1008);
    expect(roundHalfUp(100.49999999999999)).toBe(101);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor('503.75')).toBe(50375);
    expect(toMajor(50375)).toBe(503.75);
  });

  it('rounds every value as cutting it to 15 significant digits first would, near a half and far from one', () => {
    const cutFirst = (v: number) => {
      const clean = Number(v.toPrecision(15));
      const rounded = Math.sign(clean) * Math.round(Math.abs(clean));
      return rounded === 0 ? 0 : rounded;
    };
    const values = [0, 0.5, -0.5, 2.5, 0.49999999999999994, 1e-20, 123456789.5, 4503599627370495.5, 1.005 * 100, 4.35 * 100];
    for (let cents = 0; cents < 100_000; cents++) {
      const amount = cents / 100;
      values.push(amount * 100, -amount * 100, amount * 1.1 * 100, (amount * 2) / 100, amount * 100 + 0.5, amount * 37.5);
    }
    expect(values.filter((v) => !Object.is(roundHalfUp(v), cutFirst(v)))).toEqual([]);
  });

  it('takes 2 % of 503.75 AED as 10.08 AED, where float arithmetic says 10.07', () => {
    expect(Math.round(((503.75 * 2) / 100) * 100) / 100).toBe(10.07);
    expect(percentOfMoney(503.75, 2)).toBe(10.08);
    expect(percentOf(50375, 2)).toBe(1008);
  });

  it('adds, subtracts, multiplies and shares exactly', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney(['19.99', 0.01, 80])).toBe(100);
    expect(subtractMoney(0.3, 0.1)).toBe(0.2);
    expect(timesMoney(2, 7)).toBe(14);
    expect(timesMoney(45.5, 3.6725)).toBe(167.1);
    expect(shareOf(10000, 3)).toBe(3333);
    expect(shareOf(10000, 0)).toBe(0);
    expect(sameMoney('45.50', 45.5)).toBe(true);
    expect(sameMoney(45.5, 45.51)).toBe(false);
  });

  it('keeps amounts to the currency decimals', () => {
    expect(hasMinorPrecision(45.5)).toBe(true);
    expect(hasMinorPrecision(0.07)).toBe(true);
    expect(hasMinorPrecision(45.505)).toBe(false);
    expect(hasMinorPrecision(Number.NaN)).toBe(false);
  });

  it('gives every sum of random two-decimal amounts to the fil', () => {
    for (let i = 0; i < 1000; i++) {
      const cents = Array.from({ length: 5 }, (_, j) => ((i * 7919 + j * 104729) % 1_000_000) + 1);
      expect(sumMoney(cents.map((c) => c / 100))).toBe(cents.reduce((a, b) => a + b, 0) / 100);
    }
  });
});

describe('one place rounds money', () => {
  it('no source file outside money.ts rounds to the cent by hand', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', '..', '..');
    const handRounding = /\*\s*100\)\s*\/\s*100/;
    const offenders: string[] = [];
    for (const dir of ['packages/contracts/src', 'apps/api/src', 'apps/web/src']) {
      for (const entry of await readdir(join(root, dir), { recursive: true })) {
        if (!/\.tsx?$/.test(entry) || entry.endsWith('money.ts') || entry.includes('.test.')) continue;
        if (handRounding.test(await readFile(join(root, dir, entry), 'utf8'))) offenders.push(`${dir}/${entry}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
