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

export function findPlan(planId: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === planId);
}
