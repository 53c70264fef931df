import {
  billingStatusSchema,
  redirectResponseSchema,
  type BillingStatus,
  type DemoPortalAction,
  type FeedbackRequest,
  type PaidPlanId,
  type Profile,
} from '@glowreel/contracts';
import { ApiError, requestJson } from './api-client.ts';

export const BILLING_STATUS_QUERY_KEY = ['billing-status'] as const;

function readUrl(payload: unknown): string {
  const parsed = redirectResponseSchema.safeParse(payload);
  if (!parsed.success || parsed.data.url === '') throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
  return parsed.data.url;
}

/** SPEC §7: the plan, the user and the return addresses; answers where the browser goes next. */
export async function createCheckoutSession(planId: PaidPlanId, profile: Profile): Promise<string> {
  const origin = window.location.origin;
  return readUrl(
    await requestJson('POST', '/api/create-checkout-session', {
      planId,
      userId: profile.uid,
      userEmail: profile.email,
      successUrl: `${origin}/dashboard?success=true&plan=${planId}`,
      cancelUrl: `${origin}/dashboard?canceled=true`,
    }),
  );
}

/** SPEC §7: the stored billing customer id and the dashboard to come back to. */
export async function createPortalSession(customerId: string | null): Promise<string> {
  return readUrl(
    await requestJson('POST', '/api/create-portal-session', {
      customerId,
      returnUrl: `${window.location.origin}/dashboard`,
    }),
  );
}

export async function fetchBillingStatus(): Promise<BillingStatus> {
  return billingStatusSchema.parse(await requestJson('GET', '/api/billing/subscription'));
}

/** Demo mode: confirms the built-in checkout; answers the dashboard address to return to. */
export async function confirmDemoCheckout(planId: PaidPlanId): Promise<string> {
  return readUrl(await requestJson('POST', '/api/billing/demo/checkout', { planId }));
}

export async function runDemoPortalAction(action: DemoPortalAction): Promise<BillingStatus> {
  return billingStatusSchema.parse(await requestJson('POST', '/api/billing/demo/portal', action));
}

export async function submitFeedback(feedback: FeedbackRequest): Promise<void> {
  await requestJson('POST', '/api/feedback', feedback);
}

/** DESIGN.md D10: the SHA-256 of the uploaded bytes, in lowercase hex. */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
