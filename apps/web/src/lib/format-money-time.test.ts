import { formatMoney } from '@hopbox/contracts/money';
import { afterEach, describe, expect, it } from 'vitest';
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
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it.each([
    ['Asia/Dubai', '24 Nov 2026, 14:05 GMT+4'],
    ['Asia/Kolkata', '24 Nov 2026, 15:35 GMT+5:30'],
    ['America/New_York', '24 Nov 2026, 05:05 GMT-5'],
    ['UTC', '24 Nov 2026, 10:05 GMT'],
    ['Pacific/Kiritimati', '25 Nov 2026, 00:05 GMT+14'],
  ])("writes a time of day on the reader's clock in %s and names the zone by its offset", (tz, shown) => {
    process.env.TZ = tz;
    expect(formatDateTime(moment)).toBe(shown);
  });

  it("says 'N/A' for a missing or broken moment; dates without a time carry no zone", () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
    expect(formatShortDate(moment)).not.toMatch(/UTC|GMT/);
  });
});

describe('priceHeldUntil', () => {
  it("says until when a price holds in the browser's zone, with the zone's name, as every other time of day", () => {
    const until = '2026-11-24T10:35:00Z';
    expect(priceHeldUntil(until)).toBe(`Price held until ${formatDateTime(until)}`);
    expect(priceHeldUntil(until)).toMatch(/, \d{2}:\d{2} GMT([+-]\d{1,2}(:\d{2})?)?$/);
  });
});
