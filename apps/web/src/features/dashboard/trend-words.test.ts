import { describe, expect, it } from 'vitest';
import { trendDetail, trendWords } from './trend-words';

describe('stat card trend words', () => {
  it('says nothing without a trend, "N new this month" after an empty month', () => {
    expect(trendWords({ kind: 'none' })).toBeNull();
    expect(trendWords({ kind: 'new', count: 3 })).toEqual({ strong: '3 new', rest: 'this month' });
  });

  it('gives the change with its sign (a real minus), or says it is the same', () => {
    expect(trendWords({ kind: 'change', delta: 2 })).toEqual({ strong: '+2', rest: 'vs last month' });
    expect(trendWords({ kind: 'change', delta: -4 })).toEqual({ strong: '−4', rest: 'vs last month' });
    expect(trendWords({ kind: 'change', delta: 0 })).toEqual({ strong: 'Same', rest: 'as last month' });
  });

  it('spells both months for the tooltip', () => {
    expect(trendDetail({ thisMonth: 3, lastMonth: 1 })).toBe('3 this month, 1 last month');
  });
});
