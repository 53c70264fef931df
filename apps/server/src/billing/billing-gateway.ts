import type { BillingMode, PaidPlanId } from '@glowreel/contracts';

/** A subscription as the payment provider reports it now (never as an event claimed). */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** Null when the subscription's price is not one of our plans. */
  planId: PaidPlanId | null;
  /** The provider's status: active, trialing, past_due, unpaid, incomplete, canceled… */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

/** Checkout and portal pages of a payment provider: Stripe's, or the built-in demo ones. */
export interface BillingGateway {
  readonly mode: BillingMode;
  /** The customer pays for `clinicId`; `userId` is the owner who opened it. */
  createCustomer(input: {
    userId: string;
    clinicId: string;
    email: string;
    name: string;
  }): Promise<string>;
  createCheckout(input: {
    planId: PaidPlanId;
    customerId: string;
    userId: string;
    clinicId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Ends a subscription at once, without a refund (the account is being deleted). */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
}

/** A verified webhook event, resolved against the provider's current state. */
export type ResolvedBillingEvent =
  | { kind: 'ignored' }
  | {
      kind: 'subscription' | 'invoice_paid';
      customerId: string;
      /** The clinic we put on the checkout, for a customer we have not linked yet. */
      clinicIdHint: string | null;
      /** The user id a checkout from before clinics carried instead: their personal clinic. */
      userIdHint: string | null;
      snapshot: SubscriptionSnapshot;
    }
  | {
      kind: 'payment_failed';
      customerId: string;
      clinicIdHint: string | null;
      userIdHint: string | null;
      snapshot: SubscriptionSnapshot;
      message: string;
    };

export interface VerifiedEvent {
  id: string;
  type: string;
  resolve: () => Promise<ResolvedBillingEvent>;
}

/** Verifies a webhook's signature over its raw body; throws AppError('bad_request') otherwise. */
export interface WebhookVerifier {
  verify(rawBody: Buffer, signature: string | undefined): Promise<VerifiedEvent>;
}
