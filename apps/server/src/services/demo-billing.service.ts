import {
  findPlan,
  type DemoPortalAction,
  type PaidPlanId,
  type Profile,
} from '@glowreel/contracts';
import type { AuditActor } from '../audit/audit-trail.ts';
import type { SubscriptionSnapshot } from '../billing/billing-gateway.ts';
import type { BillingRepository, BillingSubscriptionRow } from '../db/billing.repository.ts';
import { AppError } from '../errors.ts';
import { resolvePayer, type CreditPayer, type PayerRef } from './credits.service.ts';
import type { ProfilesService } from './profiles.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const DEMO_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
const DEMO_DECLINE_MESSAGE = 'Your card was declined (simulated)';

/**
 * The demo checkout and portal (billing without Stripe). Each action builds the snapshot a
 * payment provider would report and hands it to the same SubscriptionsService the Stripe
 * webhook uses, so demo mode exercises the real plan rules. The plan is bought for the clinic
 * the owner acts for (`payer`); its videos land on the clinic's balance.
 */
export class DemoBillingService {
  constructor(
    private readonly deps: {
      billing: BillingRepository;
      profiles: ProfilesService;
      subscriptions: SubscriptionsService;
      now?: () => Date;
      newId?: () => string;
    },
  ) {}

  /** `actor` is the member on the demo page, named in the audit log's plan change. */
  async completeCheckout(
    ref: PayerRef,
    planId: string,
    actor: AuditActor,
  ): Promise<{ url: string }> {
    const payer = await this.payerOf(ref);
    const { clinicId } = payer;
    const plan = findPlan(planId);
    if (!plan) throw new AppError('bad_request', 'Invalid plan selected');
    const profile = await this.deps.profiles.getProfile(payer.userId, clinicId);
    const current = await this.liveSubscription(clinicId);
    if (current) {
      throw new AppError(
        'conflict',
        'You already have a plan. Use Manage Subscription on your dashboard to change it.',
      );
    }
    const customerId = await this.ensureCustomer(clinicId, profile);
    const start = this.now();
    await this.deps.subscriptions.sync(
      clinicId,
      {
        subscriptionId: `demo_sub_${this.newId()}`,
        customerId,
        planId: plan.id,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: start,
        currentPeriodEnd: new Date(start.getTime() + DEMO_PERIOD_MS),
      },
      { actor },
    );
    return { url: `/dashboard?success=true&plan=${plan.id}` };
  }

  async act(ref: PayerRef, action: DemoPortalAction, actor: AuditActor): Promise<void> {
    const payer = await this.payerOf(ref);
    const { clinicId } = payer;
    const current = await this.liveSubscription(clinicId);
    if (!current) {
      throw new AppError(
        'bad_request',
        'You need an active subscription to manage billing. Please select a plan first.',
      );
    }
    const profile = await this.deps.profiles.getProfile(payer.userId, clinicId);
    const snapshot = snapshotOf(current, profile.subscription.customerId ?? '');
    const { subscriptions } = this.deps;
    switch (action.action) {
      case 'change_plan':
        return subscriptions.sync(clinicId, { ...snapshot, planId: action.planId }, { actor });
      case 'cancel_at_period_end':
        return subscriptions.sync(clinicId, { ...snapshot, cancelAtPeriodEnd: true }, { actor });
      case 'resume':
        return subscriptions.sync(clinicId, { ...snapshot, cancelAtPeriodEnd: false }, { actor });
      case 'simulate_payment_failure':
        return subscriptions.sync(
          clinicId,
          { ...snapshot, status: 'past_due' },
          { paymentFailure: DEMO_DECLINE_MESSAGE, actor },
        );
      case 'simulate_renewal':
        return this.renew(clinicId, snapshot, actor);
    }
  }

  /** The period ends: a cancelled plan ends (SPEC legal copy), any other renews and is paid. */
  private async renew(
    clinicId: string,
    snapshot: SubscriptionSnapshot,
    actor: AuditActor,
  ): Promise<void> {
    if (snapshot.cancelAtPeriodEnd) {
      await this.deps.subscriptions.sync(clinicId, { ...snapshot, status: 'canceled' }, { actor });
      return;
    }
    const start = snapshot.currentPeriodEnd ?? this.now();
    await this.deps.subscriptions.sync(
      clinicId,
      {
        ...snapshot,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: new Date(start.getTime() + DEMO_PERIOD_MS),
      },
      { isPeriodPaid: true, actor },
    );
  }

  private payerOf(ref: PayerRef): Promise<CreditPayer> {
    return resolvePayer(ref, (userId) => this.deps.billing.findPersonalClinicId(userId));
  }

  private async liveSubscription(clinicId: string): Promise<BillingSubscriptionRow | undefined> {
    const row = await this.deps.billing.findSubscription(clinicId);
    return row && row.status !== 'canceled' ? row : undefined;
  }

  private async ensureCustomer(clinicId: string, profile: Profile): Promise<string> {
    const existing = profile.subscription.customerId;
    if (existing !== null) return existing;
    const customerId = `demo_cus_${this.newId()}`;
    await this.deps.subscriptions.attachCustomer(clinicId, customerId);
    return customerId;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private newId(): string {
    return this.deps.newId?.() ?? crypto.randomUUID();
  }
}

function snapshotOf(row: BillingSubscriptionRow, customerId: string): SubscriptionSnapshot {
  return {
    subscriptionId: row.subscription_id,
    customerId,
    planId: row.plan as PaidPlanId,
    status: row.status === 'past_due' ? 'past_due' : 'active',
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
  };
}
