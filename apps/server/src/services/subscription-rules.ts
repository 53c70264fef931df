import type { Profile } from '@glowreel/contracts';

// Pure plan arithmetic for billing (SPEC §3, §9 legal copy). Kept free of I/O to test directly.
export type ProfileStatus = Profile['subscription']['status'];

/** Provider statuses that end a subscription; everything else keeps it. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

export function isEnded(providerStatus: string): boolean {
  return ENDED_STATUSES.has(providerStatus);
}

/** The profile status SPEC §3 knows for a live provider status. */
export function profileStatusOf(providerStatus: string): ProfileStatus {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    default:
      return 'incomplete';
  }
}

/**
 * Plan videos after a plan change inside a period. An upgrade adds the difference so the
 * videos already used stay used; a downgrade keeps what is left up to the smaller plan.
 */
export function remainingAfterPlanChange(
  remaining: number,
  oldTotal: number,
  newTotal: number,
): number {
  if (newTotal >= oldTotal) return Math.min(newTotal, remaining + (newTotal - oldTotal));
  return Math.min(remaining, newTotal);
}

/** True when `candidate` starts a later period than the one whose videos were granted. */
export function isLaterPeriod(candidate: Date | null, granted: Date | null): boolean {
  if (candidate === null) return false;
  return granted === null || candidate.getTime() > granted.getTime();
}

/** "Your card was declined." → "Your card was declined", for 'Payment failed: {message}.' */
export function paymentErrorText(message: string | null | undefined): string {
  const trimmed = (message ?? '').trim().replace(/[.!\s]+$/, '');
  return trimmed === '' ? 'Your payment was declined' : trimmed.slice(0, 300);
}
