import { describe, expect, it } from 'vitest';
import {
  isEnded,
  isLaterPeriod,
  paymentErrorText,
  profileStatusOf,
  remainingAfterPlanChange,
} from './subscription-rules.ts';

describe('subscription rules', () => {
  it('keeps used videos used on an upgrade and caps what is left on a downgrade', () => {
    expect(remainingAfterPlanChange(3, 5, 20)).toBe(18);
    expect(remainingAfterPlanChange(20, 20, 50)).toBe(50);
    expect(remainingAfterPlanChange(15, 20, 5)).toBe(5);
    expect(remainingAfterPlanChange(2, 20, 5)).toBe(2);
  });

  it('maps provider statuses to the SPEC profile statuses', () => {
    expect(profileStatusOf('trialing')).toBe('active');
    expect(profileStatusOf('unpaid')).toBe('past_due');
    expect(profileStatusOf('incomplete')).toBe('incomplete');
    expect(isEnded('incomplete_expired')).toBe(true);
    expect(isEnded('past_due')).toBe(false);
  });

  it('renews only for a strictly later period', () => {
    const may = new Date('2026-05-01T00:00:00Z');
    const june = new Date('2026-06-01T00:00:00Z');
    expect(isLaterPeriod(june, may)).toBe(true);
    expect(isLaterPeriod(may, may)).toBe(false);
    expect(isLaterPeriod(may, june)).toBe(false);
    expect(isLaterPeriod(null, null)).toBe(false);
    expect(isLaterPeriod(may, null)).toBe(true);
  });

  it("fits a provider's message into 'Payment failed: {message}. Please try again.'", () => {
    expect(paymentErrorText('Your card was declined.')).toBe('Your card was declined');
    expect(paymentErrorText('  ')).toBe('Your payment was declined');
    expect(paymentErrorText(null)).toBe('Your payment was declined');
  });
});
