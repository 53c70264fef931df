import { PAID_PLAN_IDS, type PaidPlanId } from '@glowreel/contracts';
import type Stripe from 'stripe';
import type { BillingGateway, SubscriptionSnapshot } from './billing-gateway.ts';
import type { StripeBillingConfig } from './stripe-client.ts';

/** Stripe Checkout (subscription mode) and the Customer Portal. */
export class StripeGateway implements BillingGateway {
  readonly mode = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly config: StripeBillingConfig,
  ) {}

  async createCustomer(input: {
    userId: string;
    clinicId: string;
    email: string;
    name: string;
  }): Promise<string> {
    const customer = await this.stripe.customers.create(
      {
        email: input.email,
        name: input.name || undefined,
        metadata: { userId: input.userId, clinicId: input.clinicId },
      },
      // A double click must not leave two customers for one clinic.
      { idempotencyKey: `glowreel-customer-${input.clinicId}` },
    );
    return customer.id;
  }

  async createCheckout(input: {
    planId: PaidPlanId;
    customerId: string;
    userId: string;
    clinicId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    const metadata = { userId: input.userId, clinicId: input.clinicId, planId: input.planId };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.clinicId,
      line_items: [{ price: this.config.prices[input.planId], quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
    if (!session.url)
      throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return session.url;
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return session.url;
  }

  async cancelSubscriptionNow(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(
      subscriptionId,
      {},
      {
        idempotencyKey: `glowreel-cancel-${subscriptionId}`,
      },
    );
  }

  /** The subscription as Stripe has it now, and the clinic (or, before clinics, user) our checkout put on it. */
  async fetchSubscription(subscriptionId: string): Promise<{
    snapshot: SubscriptionSnapshot;
    clinicId: string | null;
    userId: string | null;
  }> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    return {
      snapshot: this.toSnapshot(subscription),
      clinicId: subscription.metadata.clinicId ?? null,
      userId: subscription.metadata.userId ?? null,
    };
  }

  toSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
    // Since API 2025-03-31 the billing period lives on the subscription items.
    const item = subscription.items.data[0];
    const priceId = item?.price.id;
    return {
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      planId: this.planOfPrice(priceId),
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodStart: item ? new Date(item.current_period_start * 1000) : null,
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    };
  }

  private planOfPrice(priceId: string | undefined): PaidPlanId | null {
    return PAID_PLAN_IDS.find((plan) => this.config.prices[plan] === priceId) ?? null;
  }
}

export function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}
