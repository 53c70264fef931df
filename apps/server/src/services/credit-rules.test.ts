import { describe, expect, it } from 'vitest';
import { applyDelta, chooseBucketToSpend, totalOf } from './credit-rules.ts';

describe('credit rules', () => {
  it('spends free, then bonus, then plan videos', () => {
    expect(chooseBucketToSpend({ free: 1, bonus: 1, plan: 1 })).toBe('free');
    expect(chooseBucketToSpend({ free: 0, bonus: 1, plan: 1 })).toBe('bonus');
    expect(chooseBucketToSpend({ free: 0, bonus: 0, plan: 1 })).toBe('plan');
    expect(chooseBucketToSpend({ free: 0, bonus: 0, plan: 0 })).toBeUndefined();
  });

  it('totals all three buckets', () => {
    expect(totalOf({ free: 3, bonus: 2, plan: 5 })).toBe(10);
  });

  it('never lets a bucket go negative', () => {
    expect(() => applyDelta({ free: 0, bonus: 0, plan: 0 }, 'free', -1)).toThrow(RangeError);
    expect(applyDelta({ free: 1, bonus: 0, plan: 0 }, 'free', -1)).toEqual({
      free: 0,
      bonus: 0,
      plan: 0,
    });
  });
});
