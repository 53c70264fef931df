import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;

// The SPEC §3 profile shape returned by GET /api/me.
export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  createdAt: z.string(),
  subscription: z.object({
    plan: z.enum(['free', 'starter', 'pro', 'enterprise']),
    status: z.enum(SUBSCRIPTION_STATUSES),
    videosRemaining: z.number().int().nonnegative(),
    videosTotal: z.number().int().nonnegative(),
    customerId: z.string().nullable(),
  }),
  credits: z.object({
    free: z.number().int().nonnegative(),
    bonus: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

// SPEC §3 new-profile defaults.
export const NEW_PROFILE_DEFAULTS = {
  plan: 'free',
  status: 'active',
  videosRemaining: 2,
  videosTotal: 2,
  freeCredits: 3,
  bonusCredits: 0,
} as const;

/** SPEC §6 / D6: the paid-only guard's rule. */
export function isPaid(profile: Pick<Profile, 'subscription'>): boolean {
  return profile.subscription.status === 'active' && profile.subscription.plan !== 'free';
}
