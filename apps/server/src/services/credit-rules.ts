import type { CreditBucket } from '../db/schema.ts';

// Pure credit arithmetic (SPEC §4, DESIGN.md D5). Kept free of I/O so it is tested directly.
export interface CreditBalance {
  free: number;
  bonus: number;
  /** The subscription's videosRemaining. */
  plan: number;
}

/** Spend order: a free credit first, then a bonus credit, then a plan video. */
export const SPEND_ORDER: readonly CreditBucket[] = ['free', 'bonus', 'plan'];

export function totalOf(balance: CreditBalance): number {
  return balance.free + balance.bonus + balance.plan;
}

export function chooseBucketToSpend(balance: CreditBalance): CreditBucket | undefined {
  return SPEND_ORDER.find((bucket) => balance[bucket] > 0);
}

export function applyDelta(
  balance: CreditBalance,
  bucket: CreditBucket,
  delta: number,
): CreditBalance {
  const next = { ...balance, [bucket]: balance[bucket] + delta };
  if (next[bucket] < 0) {
    throw new RangeError(`the ${bucket} bucket cannot go below zero`);
  }
  return next;
}

/** SPEC §3 legacy rule: a profile without credits gets free 3, bonus 0. */
export const LEGACY_FREE_CREDITS = 3;
