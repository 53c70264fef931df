import type { PaidPlanId } from '@glowreel/contracts';
import type { BillingGateway } from './billing-gateway.ts';

/**
 * The built-in billing used when Stripe is not configured: checkout and portal are pages of
 * this app that say no payment is taken, so the whole plan lifecycle works on a fresh start.
 */
export class DemoGateway implements BillingGateway {
  readonly mode = 'demo';

  constructor(
    private readonly publicUrl: string,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  createCustomer(): Promise<string> {
    return Promise.resolve(`demo_cus_${this.newId()}`);
  }

  createCheckout(input: { planId: PaidPlanId }): Promise<string> {
    return Promise.resolve(this.pageUrl('/billing/demo-checkout', { plan: input.planId }));
  }

  createPortal(): Promise<string> {
    return Promise.resolve(this.pageUrl('/billing/demo-portal', {}));
  }

  /** A demo subscription lives only in our own rows, which go with the account. */
  cancelSubscriptionNow(): Promise<void> {
    return Promise.resolve();
  }

  private pageUrl(path: string, query: Record<string, string>): string {
    const url = new URL(path, this.publicUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }
}
