import { describe, expect, it } from 'vitest';
import { settleBounded } from './settle-bounded';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('settleBounded', () => {
  it('never runs more than the limit at once, and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await settleBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('settles a failure without stopping the others', async () => {
    const results = await settleBounded(['a', 'b', 'c'], 2, async (id) => {
      await tick();
      if (id === 'b') throw new Error('refused');
      return id;
    });
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'a' });
    expect(results[1]?.status).toBe('rejected');
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'c' });
  });

  it('does nothing for no items', async () => {
    expect(await settleBounded([], 3, async () => 1)).toEqual([]);
  });
});
