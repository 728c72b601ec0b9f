import { describe, expect, it } from 'vitest';
import { storageNoticeText } from './storage-notice-text';

describe('storageNoticeText', () => {
  it('counts the packages in words, one or many', () => {
    expect(storageNoticeText('ending', 2, 7).title).toBe("2 packages' free storage ends within 7 days");
    expect(storageNoticeText('ending', 1, 7).title).toBe("1 package's free storage ends within 7 days");
    expect(storageNoticeText('accruing', 1, 7).title).toBe('1 package is accruing storage fees');
    expect(storageNoticeText('accruing', 3, 7).title).toBe('3 packages are accruing storage fees');
  });
});
