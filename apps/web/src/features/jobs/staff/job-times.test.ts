import { describe, expect, it } from 'vitest';
import { formatDuration, formatEvery } from './job-times';

describe('job schedules and durations', () => {
  it('says how often in the largest whole unit', () => {
    expect(formatEvery(1)).toBe('Every second');
    expect(formatEvery(2)).toBe('Every 2 seconds');
    expect(formatEvery(60)).toBe('Every minute');
    expect(formatEvery(90)).toBe('Every 90 seconds');
    expect(formatEvery(900)).toBe('Every 15 minutes');
    expect(formatEvery(3600)).toBe('Every hour');
    expect(formatEvery(2 * 86400)).toBe('Every 2 days');
  });

  it('says how long a round took', () => {
    expect(formatDuration(35)).toBe('35 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});
