import {
  BILLING_COPY,
  findPlan,
  isPaid,
  type BillingStatus,
  type CheckoutRequest,
  type PortalRequest,
} from '@glowreel/contracts';
import type {
  BillingGateway,
  ResolvedBillingEvent,
  WebhookVerifier,
} from '../billing/billing-gateway.ts';
import type { BillingRepository } from '../db/billing.repository.ts';
import { AppError } from '../errors.ts';
import type { CreditPayer } from './credits.service.ts';
import type { ProfilesService } from './profiles.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

export interface BillingServiceDeps {
  gateway: BillingGateway;
  /** Absent in demo mode, where no provider sends webhooks. */
  webhooks: WebhookVerifier | null;
  subscriptions: SubscriptionsService;
  billing: BillingRepository;
  profiles: ProfilesService;
  publicUrl: string;
}

/**
 * SPEC §7 checkout and portal, and the provider's webhook (issue 6). The plan, the customer and
 * the subscription are the clinic's (issue #21); only its owner reaches these (the routes check
 * the role), acting for the clinic as `payer`.
 */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  get mode() {
    return this.deps.gateway.mode;
  }

  async getStatus(clinicId: string): Promise<BillingStatus> {
    return { mode: this.mode, ...(await this.deps.subscriptions.getStatus(clinicId)) };
  }

  /**
   * Before an account is deleted (issue #18 §2): the subscription of its personal clinic, if
   * still running, is cancelled with the provider now, so nothing is charged for an account
   * that no longer exists.
   */
  async cancelForDeletedAccount(userId: string): Promise<void> {
    const clinicId = await this.deps.billing.findPersonalClinicId(userId);
    const row = clinicId ? await this.deps.billing.findSubscription(clinicId) : undefined;
    if (!row || row.status === 'canceled') return;
    await this.deps.gateway.cancelSubscriptionNow(row.subscription_id);
  }

  /** Always for the acting clinic: the body's userId and e-mail are not trusted. */
  async startCheckout(payer: CreditPayer, request: CheckoutRequest): Promise<{ url: string }> {
    const { userId, clinicId } = payer;
    const plan = findPlan(request.planId);
    if (!plan) throw new AppError('bad_request', BILLING_COPY.invalidPlan);
    const profile = await this.deps.profiles.getProfile(userId, clinicId);
    if (isPaid(profile) && profile.subscription.customerId !== null) {
      throw new AppError(
        'conflict',
        'You already have a plan. Use Manage Subscription on your dashboard to change it.',
      );
    }
    let customerId = profile.subscription.customerId;
    if (customerId === null) {
      customerId = await this.deps.gateway.createCustomer({
        userId,
        clinicId,
        email: profile.email,
        name: profile.displayName ?? '',
      });
      await this.deps.subscriptions.attachCustomer(clinicId, customerId);
    }
    const url = await this.deps.gateway.createCheckout({
      planId: plan.id,
      customerId,
      userId,
      clinicId,
      successUrl: this.ownUrl(request.successUrl, `/dashboard?success=true&plan=${plan.id}`),
      cancelUrl: this.ownUrl(request.cancelUrl, '/dashboard?canceled=true'),
    });
    return { url };
  }

  async openPortal(payer: CreditPayer, request: PortalRequest): Promise<{ url: string }> {
    const profile = await this.deps.profiles.getProfile(payer.userId, payer.clinicId);
    const ownCustomerId = profile.subscription.customerId;
    if (!request.customerId || ownCustomerId === null) {
      throw new AppError('bad_request', BILLING_COPY.needSubscription);
    }
    if (request.customerId !== ownCustomerId) {
      throw new AppError('forbidden', 'This billing account belongs to someone else.');
    }
    const url = await this.deps.gateway.createPortal({
      customerId: ownCustomerId,
      returnUrl: this.ownUrl(request.returnUrl, '/dashboard'),
    });
    return { url };
  }

  /**
   * Each event is applied once: its id is stored after it succeeds, and a failure leaves it
   * unstored so the provider retries. The state applied is re-read from the provider, so
   * events arriving late or out of order cannot move a subscription backwards.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (!this.deps.webhooks) {
      throw new AppError('not_found', 'Stripe billing is not configured on this server.');
    }
    const event = await this.deps.webhooks.verify(rawBody, signature);
    if (await this.deps.billing.isEventProcessed(event.id)) return;
    await this.apply(await event.resolve());
    await this.deps.billing.markEventProcessed(event.id, event.type);
  }

  private async apply(event: ResolvedBillingEvent): Promise<void> {
    if (event.kind === 'ignored') return;
    const clinicId = await this.clinicOf(event);
    if (!clinicId) return; // A customer that is not ours (e.g. another product on the account).
    const { subscriptions } = this.deps;
    switch (event.kind) {
      case 'subscription':
        return subscriptions.sync(clinicId, event.snapshot);
      case 'invoice_paid':
        return subscriptions.sync(clinicId, event.snapshot, { isPeriodPaid: true });
      case 'payment_failed':
        return subscriptions.sync(clinicId, event.snapshot, { paymentFailure: event.message });
    }
  }

  /**
   * The clinic an event pays for: the one its customer is linked to; else the clinic our
   * checkout named; else, for a checkout from before clinics, the user's personal clinic.
   */
  private async clinicOf(event: {
    customerId: string;
    clinicIdHint: string | null;
    userIdHint: string | null;
  }): Promise<string | undefined> {
    const { billing } = this.deps;
    const linked = await billing.findClinicIdByCustomerId(event.customerId);
    if (linked) return linked;
    if (event.clinicIdHint && (await billing.clinicExists(event.clinicIdHint))) {
      return event.clinicIdHint;
    }
    return event.userIdHint ? billing.findPersonalClinicId(event.userIdHint) : undefined;
  }

  /** SPEC §7 return addresses, kept on our own origin so checkout cannot bounce elsewhere. */
  private ownUrl(candidate: string | undefined, fallbackPath: string): string {
    const origin = new URL(this.deps.publicUrl).origin;
    if (candidate) {
      try {
        const url = new URL(candidate, origin);
        if (url.origin === origin) return url.toString();
      } catch {
        // Not a URL at all: the fallback below.
      }
    }
    return new URL(fallbackPath, origin).toString();
  }
}
