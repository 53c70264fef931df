// Clinics for the benchmarks that render many videos (bench:throughput): each signs up and
// takes a plan through demo billing the way the web app does, and a pool signs up another
// when one has spent its credits.
import { Client } from './bench-server.ts';

export type BenchPlan = 'starter' | 'pro' | 'enterprise';

/** One signed-up clinic: its browser-like client and the videos it may still ask for. */
export interface BenchClinic {
  client: Client;
  creditsLeft: number;
}

let clinicCount = 0;

/** Signs up and takes `plan` through the demo checkout page, as a browser does. */
export async function signUpOnPlan(baseUrl: string, plan: BenchPlan): Promise<BenchClinic> {
  const client = new Client(baseUrl);
  clinicCount += 1;
  await client.json('POST', '/api/auth/sign-up/email', {
    name: 'Benchmark Clinic',
    email: `throughput-${Date.now()}-${clinicCount}@clinic.example`,
    password: 'radiant2024',
  });
  const session = await client.json<{ profile: { uid: string; email: string } | null }>(
    'GET',
    '/api/session',
  );
  if (!session.profile) throw new Error('signed up, but /api/session has no profile');
  const checkout = await client.json<{ url: string }>('POST', '/api/create-checkout-session', {
    planId: plan,
    userId: session.profile.uid,
    userEmail: session.profile.email,
    successUrl: `${baseUrl}/dashboard?success=true&plan=${plan}`,
    cancelUrl: `${baseUrl}/dashboard?canceled=true`,
  });
  const checkoutUrl = new URL(checkout.url);
  if (checkoutUrl.pathname !== '/billing/demo-checkout')
    throw new Error(`checkout went to ${checkout.url}, not the demo checkout: is Stripe set?`);
  // The page itself is the SPA's shell (not needed, and absent when the web app is not built);
  // its confirm button makes this call.
  await client.json('POST', '/api/billing/demo/checkout', {
    planId: checkoutUrl.searchParams.get('plan'),
  });
  const me = await client.json<{ subscription: { plan: string }; credits: { total: number } }>(
    'GET',
    '/api/me',
  );
  if (me.subscription.plan !== plan)
    throw new Error(`after the demo checkout the plan is ${me.subscription.plan}, not ${plan}`);
  return { client, creditsLeft: me.credits.total };
}

/** Hands out a clinic with a credit left, signing up a new one on `plan` when none has. */
export class ClinicPool {
  private current: BenchClinic | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly plan: BenchPlan,
  ) {}

  /** The client that spends the next credit. */
  async next(): Promise<Client> {
    if (!this.current || this.current.creditsLeft === 0)
      this.current = await signUpOnPlan(this.baseUrl, this.plan);
    this.current.creditsLeft -= 1;
    return this.current.client;
  }
}
