import { describe, expect, it } from 'vitest';
import { storageTermsText } from './storage-terms';

describe('storageTermsText', () => {
  it('writes the free days and the daily fee with two decimals', () => {
    expect(storageTermsText({ freeStorageDays: 45, storageFeePerDay: 2 })).toBe('45 days free · 2.00 AED/day');
    expect(storageTermsText({ freeStorageDays: 1, storageFeePerDay: 5.5 })).toBe('1 day free · 5.50 AED/day');
    expect(storageTermsText({ freeStorageDays: 0, storageFeePerDay: 0 })).toBe('0 days free · 0.00 AED/day');
  });
});
