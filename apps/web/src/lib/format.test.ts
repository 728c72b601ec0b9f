import { afterEach, describe, expect, it } from 'vitest';
import {
  enumLabel,
  formatDate,
  formatDimensions,
  formatFileSize,
  formatKg,
  formatShortDate,
  packageIdsOf,
  relativeAge,
  toLocalInputValue,
} from './format';

describe('days and moments', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])('shows a bare day as that day to a reader in %s', (tz) => {
    process.env.TZ = tz;
    expect(formatShortDate('2026-12-01')).toBe('1 Dec 2026');
  });

  it("shows a moment on the reader's own calendar", () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatShortDate('2026-12-01T03:00:00Z')).toBe('30 Nov 2026');
    expect(formatDate('2026-12-01T03:00:00Z')).toBe('30 November 2026');
    expect(formatShortDate(null)).toBe('N/A');
  });
});

describe('staff formatting', () => {
  it('labels enum values', () => {
    expect(enumLabel('IN_PROGRESS')).toBe('In Progress');
    expect(enumLabel('URGENT')).toBe('Urgent');
  });

  it('says how long a request has waited, in days up to two weeks', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect(relativeAge(ago(20), now)).toBe('just now');
    expect(relativeAge(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeAge(ago(8 * 86400), now)).toBe('8 days ago');
    expect(relativeAge(ago(20 * 86400), now)).toBe('2 weeks ago');
    expect(relativeAge(ago(90 * 86400), now)).toBe('3 months ago');
    expect(relativeAge(ago(86400), now)).toBe('1 day ago');
    expect(relativeAge(ago(-2 * 3600), now)).toBe('in 2 hours');
    expect(relativeAge(null, now)).toBe('N/A');
  });

  it("reads a shipment's package list and survives a broken one", () => {
    expect(packageIdsOf('["HBX1000001","HBX1000002"]')).toEqual(['HBX1000001', 'HBX1000002']);
    expect(packageIdsOf('not json')).toEqual([]);
  });

  it('sizes files in KB and MB', () => {
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(23_000)).toBe('22 KB');
  });

  it('fills a datetime-local input in local time', () => {
    expect(toLocalInputValue(new Date(2026, 10, 3, 9, 5))).toBe('2026-11-03T09:05');
  });
});

describe('weights and sizes', () => {
  it('show a weight to the gram and a size to the millimetre, grouped as amounts are, each with its own precision', () => {
    expect(formatKg(1.23456)).toBe('1.235 kg');
    expect(formatKg(1250)).toBe('1,250 kg');
    expect(formatDimensions(35, 25.456, 1234.5)).toBe('35 × 25.46 × 1,234.5 cm');
    expect(formatKg(0.5)).toBe('0.5 kg');
    expect(formatKg(2.0004)).toBe('2 kg');
  });
});
