import { describe, expect, it } from 'vitest';
import { monthStarts, trendLine } from './dashboard.ts';

describe('dashboard trends (decision 031)', () => {
  it('shows no trend when both months are empty, and no percent of an empty month', () => {
    expect(trendLine({ thisMonth: 0, lastMonth: 0 })).toEqual({ kind: 'none' });
    expect(trendLine({ thisMonth: 3, lastMonth: 0 })).toEqual({ kind: 'new', count: 3 });
  });

  it('gives the change in units otherwise, down and level included', () => {
    expect(trendLine({ thisMonth: 5, lastMonth: 3 })).toEqual({ kind: 'change', delta: 2 });
    expect(trendLine({ thisMonth: 0, lastMonth: 4 })).toEqual({ kind: 'change', delta: -4 });
    expect(trendLine({ thisMonth: 2, lastMonth: 2 })).toEqual({ kind: 'change', delta: 0 });
  });

  it('starts the months on the first, in UTC, across a year end', () => {
    expect(monthStarts(new Date('2026-03-15T10:00:00Z'))).toEqual({
      thisMonth: new Date('2026-03-01T00:00:00Z'),
      lastMonth: new Date('2026-02-01T00:00:00Z'),
    });
    expect(monthStarts(new Date('2026-01-01T00:00:00Z'))).toEqual({
      thisMonth: new Date('2026-01-01T00:00:00Z'),
      lastMonth: new Date('2025-12-01T00:00:00Z'),
    });
  });
});
