import { afterEach, describe, expect, it } from 'vitest';
import { dayMonthYear, decimalText, groupThousands, localDateTime, zoneOffsetName } from './written-format';

describe('days as the mails write them', () => {
  it.each(Array.from({ length: 12 }, (_, month) => month))('writes month %i as en-GB does, short and long', (month) => {
    const day = new Date(Date.UTC(2026, month, 3, 12));
    for (const style of ['short', 'long'] as const) {
      const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: style, year: 'numeric', timeZone: 'UTC' });
      expect(dayMonthYear(day, style, 'utc')).toBe(intl.format(day));
    }
  });

  it("reads the day on the reader's calendar or in UTC", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      const lateInUtc = new Date('2026-12-01T03:00:00Z');
      expect(dayMonthYear(lateInUtc, 'short', 'local')).toBe('30 Nov 2026');
      expect(dayMonthYear(lateInUtc, 'short', 'utc')).toBe('1 Dec 2026');
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('numbers', () => {
  it('groups thousands', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('999')).toBe('999');
  });

  it.each([
    [1234.5, 2, '1,234.5'],
    [2.0004, 3, '2'],
    [1.005, 2, '1.01'],
    [0.5, 3, '0.5'],
    [25.456, 2, '25.46'],
    [-0.0001, 2, '0'],
    [-1234.567, 1, '-1,234.6'],
    [10_000_000, 0, '10,000,000'],
  ])('writes %d with at most %i decimals as %s', (value, decimals, text) => {
    expect(decimalText(value, decimals)).toBe(text);
  });

  it('writes what en-US writes for the weights and sizes a package has', () => {
    const intl = (digits: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    for (const value of [0.001, 0.125, 1.2345, 12.5, 99.999, 999.9995, 1234.5678, 25_000.1]) {
      expect(decimalText(value, 3)).toBe(intl(3).format(value));
      expect(decimalText(value, 2)).toBe(intl(2).format(value));
    }
  });
});

describe('times of day', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('names a zone by its offset', () => {
    expect(zoneOffsetName(0)).toBe('GMT');
    expect(zoneOffsetName(240)).toBe('GMT+4');
    expect(zoneOffsetName(-300)).toBe('GMT-5');
    expect(zoneOffsetName(330)).toBe('GMT+5:30');
    expect(zoneOffsetName(-570)).toBe('GMT-9:30');
  });

  it("writes a moment on the reader's clock, 24-hour, with the offset of that moment (summer time included)", () => {
    process.env.TZ = 'Europe/London';
    expect(localDateTime(new Date('2026-11-24T10:05:00Z'))).toBe('24 Nov 2026, 10:05 GMT');
    expect(localDateTime(new Date('2026-07-01T10:05:00Z'))).toBe('1 Jul 2026, 11:05 GMT+1');
    process.env.TZ = 'Asia/Dubai';
    expect(localDateTime(new Date('2026-11-24T20:30:00Z'))).toBe('25 Nov 2026, 00:30 GMT+4');
  });
});
