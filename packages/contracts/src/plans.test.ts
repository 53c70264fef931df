import { describe, expect, it } from 'vitest';
import { PAID_PLAN_IDS, SEATS_BY_PLAN, seatsForPlan } from './plans.ts';

describe('seats per plan', () => {
  it('gives Free 1, Starter 2, Pro 5 and Enterprise 20 seats', () => {
    expect(SEATS_BY_PLAN).toEqual({ free: 1, starter: 2, pro: 5, enterprise: 20 });
  });

  it('names a seat count for every paid plan, growing with the price', () => {
    const seats = PAID_PLAN_IDS.map((plan) => seatsForPlan(plan));
    expect(seats).toEqual([2, 5, 20]);
  });

  it('gives a plan id it does not know the free seat only', () => {
    expect(seatsForPlan('free')).toBe(1);
    expect(seatsForPlan('platinum')).toBe(1);
    expect(seatsForPlan('__proto__')).toBe(1);
  });
});
