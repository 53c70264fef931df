import type { PaidPlanId, Profile } from '@glowreel/contracts';

/**
 * SPEC §7 POST /api/create-checkout-session: the body names the plan and the user, and where
 * the payment page returns to; the answer's `url` is where the browser goes next.
 */
export async function startCheckout(planId: PaidPlanId, profile: Profile): Promise<string> {
  const origin = window.location.origin;
  const response = await fetch('/api/create-checkout-session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      planId,
      userId: profile.uid,
      userEmail: profile.email,
      successUrl: `${origin}/dashboard?success=true&plan=${planId}`,
      cancelUrl: `${origin}/dashboard?canceled=true`,
    }),
  });
  const payload: unknown = await response.json().catch(() => null);
  const url =
    typeof payload === 'object' && payload !== null && 'url' in payload ? payload.url : null;
  if (!response.ok || typeof url !== 'string' || url === '') {
    throw new Error(`checkout session not created (HTTP ${response.status})`);
  }
  return url;
}
