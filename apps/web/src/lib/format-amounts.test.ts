import { describe, expect, it } from 'vitest';
import { formatAmount, packageIdsOf } from './format';

describe('packageIdsOf', () => {
  it("reads SPEC.md's JSON text list", () => {
    expect(packageIdsOf('["HBX1","HBX2"]')).toEqual(['HBX1', 'HBX2']);
    expect(packageIdsOf('[1,2]')).toEqual(['1', '2']);
  });
  it('gives no ids for missing or unreadable text', () => {
    expect(packageIdsOf(null)).toEqual([]);
    expect(packageIdsOf('not json')).toEqual([]);
    expect(packageIdsOf('{"a":1}')).toEqual([]);
  });
});

describe('formatAmount', () => {
  it('shows two decimals and the currency, N/A when unknown', () => {
    expect(formatAmount(133.2, 'AED')).toMatch(/^133\.20 AED$/);
    expect(formatAmount(null, 'AED')).toBe('N/A');
  });
});
