import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

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
