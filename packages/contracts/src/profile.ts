import * as z from 'zod/mini';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;

const count = () => z.int().check(z.nonnegative());

// The SPEC §3 profile shape returned by GET /api/me. zod/mini: the browser checks the stored
// and fetched profile on every page, and the full zod would add ~25 KB to the landing page.
export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.nullable(z.string()),
  photoURL: z.nullable(z.string()),
  createdAt: z.string(),
  subscription: z.object({
    plan: z.enum(['free', 'starter', 'pro', 'enterprise']),
    status: z.enum(SUBSCRIPTION_STATUSES),
    videosRemaining: count(),
    videosTotal: count(),
    customerId: z.nullable(z.string()),
  }),
  credits: z.object({
    free: count(),
    bonus: count(),
    total: count(),
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
