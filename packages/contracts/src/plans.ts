// The one plan definition (DESIGN.md D1): the landing page is canonical and every
// screen, document and the billing code read prices and allowances from here. Every plan is
// billed monthly, Enterprise too: its price says "/month" like the others (SPEC's bare "$199"
// read as a one-off price).
export const PAID_PLAN_IDS = ['starter', 'pro', 'enterprise'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export type PlanId = 'free' | PaidPlanId;

export interface PlanDefinition {
  id: PaidPlanId;
  name: string;
  priceUsdPerMonth: number;
  videosPerMonth: number;
  resolution: '720p' | '1080p';
  isMostPopular: boolean;
  apiRequestsPerMinute: number;
}

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceUsdPerMonth: 49,
    videosPerMonth: 5,
    resolution: '720p',
    isMostPopular: false,
    apiRequestsPerMinute: 10,
  },
  {
    id: 'pro',
    name: 'Professional',
    priceUsdPerMonth: 99,
    videosPerMonth: 20,
    resolution: '1080p',
    isMostPopular: true,
    apiRequestsPerMinute: 50,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsdPerMonth: 199,
    videosPerMonth: 50,
    resolution: '1080p',
    isMostPopular: false,
    apiRequestsPerMinute: 200,
  },
];

export const FREE_PLAN_API_REQUESTS_PER_MINUTE = 5;

/**
 * Staff seats a clinic's plan includes, one sign-in per person (issue #21): the owner counts
 * as one, so Free is the owner alone. Stated on pricing; enforced when invitations arrive.
 */
export const SEATS_BY_PLAN: Readonly<Record<PlanId, number>> = {
  free: 1,
  starter: 2,
  pro: 5,
  enterprise: 20,
};

/** The seats of a plan id as stored on a profile; an unknown id has the free plan's seats. */
export function seatsForPlan(planId: string): number {
  return Object.hasOwn(SEATS_BY_PLAN, planId)
    ? SEATS_BY_PLAN[planId as PlanId]
    : SEATS_BY_PLAN.free;
}

export function findPlan(planId: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === planId);
}
