import { describe, expect, it } from 'vitest';
import { formatMoney, parsePackageIds } from './format';

describe('parsePackageIds', () => {
  it("reads SPEC.md's JSON text list", () => {
    expect(parsePackageIds('["HBX1","HBX2"]')).toEqual(['HBX1', 'HBX2']);
    expect(parsePackageIds('[1,2]')).toEqual(['1', '2']);
  });
  it('gives no ids for missing or unreadable text', () => {
    expect(parsePackageIds(null)).toEqual([]);
    expect(parsePackageIds('not json')).toEqual([]);
    expect(parsePackageIds('{"a":1}')).toEqual([]);
  });
});

describe('formatMoney', () => {
  it('shows two decimals and the currency, N/A when unknown', () => {
    expect(formatMoney(133.2, 'AED')).toMatch(/^133\.20 AED$/);
    expect(formatMoney(null, 'AED')).toBe('N/A');
  });
});
