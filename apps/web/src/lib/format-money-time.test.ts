import { formatMoney } from '@hopbox/contracts/money';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatShortDate, packageIdsOf, priceHeldUntil } from './format';

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

describe('the one money format', () => {
  it('shows separators, two decimals and the currency, N/A when unknown', () => {
    expect(formatMoney(133.2, 'AED')).toBe('133.20 AED');
    expect(formatMoney(12345.678, 'AED')).toBe('12,345.68 AED');
    expect(formatMoney(null, 'AED')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  const moment = '2026-11-24T10:05:00Z';

  it('says the time zone of a time of day', () => {
    const dubai = formatDateTime(moment, 'Asia/Dubai');
    expect(dubai).toMatch(/14:05|2:05/);
    expect(dubai).toMatch(/GST|GMT\+4|UTC\+4/);
    expect(formatDateTime(moment, 'UTC')).toMatch(/UTC|GMT/);
  });

  it("uses the browser's zone by default and names it", () => {
    expect(formatDateTime(moment)).toMatch(/(GMT|UTC|[A-Z]{2,5})([+-]\d{1,2}(:\d{2})?)?$/);
  });

  it("says 'N/A' for a missing or broken moment; dates without a time carry no zone", () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
    expect(formatShortDate(moment)).not.toMatch(/UTC|GMT|GST/);
  });
});

describe('priceHeldUntil', () => {
  it("says until when a price holds in the browser's zone, with the zone's name, as every other time of day", () => {
    const until = '2026-11-24T10:35:00Z';
    expect(priceHeldUntil(until)).toBe(`Price held until ${formatDateTime(until)}`);
    expect(priceHeldUntil(until)).toMatch(/(GMT|UTC|[A-Z]{2,5})([+-]\d{1,2}(:\d{2})?)?$/);
  });
});
