import { describe, expect, it } from 'vitest';
import { formatShortDate } from '@/lib/format';
import { eventAge, eventSummary, latestEventLine } from './tracking-format';

const now = Date.parse('2026-11-24T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now - hours * 3600_000).toISOString();
const event = (over: Partial<Parameters<typeof eventSummary>[0]> = {}) => ({
  at: hoursAgo(3),
  status: 'Picked up',
  location: 'Dubai',
  description: 'Collected from the Hopbox warehouse',
  ...over,
});

describe('tracking event lines', () => {
  it('says what happened and where', () => {
    expect(eventSummary(event())).toBe('Picked up · Dubai');
  });

  it('leaves out a place the carrier did not give', () => {
    expect(eventSummary(event({ location: null }))).toBe('Picked up');
    expect(eventSummary(event({ location: '  ' }))).toBe('Picked up');
  });

  it('says how long ago within a week, then the day', () => {
    expect(eventAge(hoursAgo(3), now)).toBe('3 hours ago');
    expect(eventAge(hoursAgo(6 * 24), now)).toBe('6 days ago');
    expect(eventAge(hoursAgo(10 * 24), now)).toBe(formatShortDate(hoursAgo(10 * 24)));
    expect(eventAge(hoursAgo(10 * 24), now)).toMatch(/^1[34] Nov 2026$/);
    expect(eventAge('not a time', now)).toBe('N/A');
  });

  it('reads as one line in a list', () => {
    expect(latestEventLine(event({ status: 'Delivered', location: 'London', at: hoursAgo(0) }), now)).toBe('Delivered · London · just now');
  });
});
