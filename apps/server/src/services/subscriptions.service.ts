import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { findPlan, type BillingStatus, type PaidPlanId, type PlanId } from '@glowreel/contracts';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { SubscriptionSnapshot } from '../billing/billing-gateway.ts';
import type { BillingRepository, LockedBilling } from '../db/billing.repository.ts';
import type { LockedProfile, ProfileRow } from '../db/profiles.repository.ts';
import type { LedgerReason } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import {
  isEnded,
  isLaterPeriod,
  paymentErrorText,
  profileStatusOf,
  remainingAfterPlanChange,
} from './subscription-rules.ts';

export interface SyncOptions {
  /** An invoice for the snapshot's current period was paid: a new period renews plan videos. */
  isPeriodPaid?: boolean;
  /** The latest payment failed with this message (the subscription is past due). */
  paymentFailure?: string;
  /** Who changed the plan, for the audit log: the member on the demo pages; else Glowreel (Stripe). */
  actor?: AuditActor;
}

/** Stripe's webhook acts for Glowreel: the person's own action happened on Stripe's pages. */

/**
 * Subscription rules shared by Stripe's webhook and the demo billing pages: a snapshot of
 * the provider's current state goes in, the clinic's plan and plan videos come out (issue #21:
 * the plan is the clinic's, its videos land on the clinic's balance every member spends). Plan
 * videos change in the same transaction as their credit-ledger row (DESIGN.md D5).
 */
export class SubscriptionsService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly audit: AuditTrail,
  ) {}

  async attachCustomer(clinicId: string, customerId: string): Promise<void> {
    await this.billing.withLockedAccount(clinicId, async (profile) => {
      const row = requireRow(profile);
      if (row.customer_id !== customerId) await profile.update({ customer_id: customerId });
    });
  }

  async getStatus(clinicId: string): Promise<Omit<BillingStatus, 'mode'>> {
    const row = await this.billing.findSubscription(clinicId);
    const isCurrent = row !== undefined && row.status !== 'canceled';
    return {
      plan: isCurrent ? (row.plan as PlanId) : 'free',
      status: row?.status ?? 'none',
      cancelAtPeriodEnd: isCurrent && row.cancel_at_period_end,
      currentPeriodEnd: isCurrent ? (row.current_period_end?.toISOString() ?? null) : null,
      paymentError: isCurrent ? row.payment_error : null,
    };
  }

  /** Applies the provider's current state; applying the same snapshot twice changes nothing. */
  sync(clinicId: string, snapshot: SubscriptionSnapshot, options: SyncOptions = {}): Promise<void> {
    return this.billing.withLockedAccount(clinicId, async (profile, billing) => {
      const row = requireRow(profile);
      // The clinic's ledger rows name the account that opened it when no member acted (Stripe).
      const userId = (options.actor?.kind === 'user' && options.actor.userId) || row.user_id;
      const isCurrent = billing.row?.subscription_id === snapshot.subscriptionId;
      if (isEnded(snapshot.status)) {
        // A stale "deleted" for an older subscription must not end the one that replaced it.
        if (isCurrent && billing.row?.status !== 'canceled') {
          await endPlan(userId, row, profile, billing, snapshot);
          await this.recordPlanChange(userId, row.plan, 'free', profile, snapshot, options);
        }
        return;
      }
      if (!snapshot.planId) return; // Not one of our prices: nothing we can grant.
      const isNew = !isCurrent || billing.row?.status === 'canceled';
      await applyLivePlan({ userId, row, profile, billing, snapshot, isNew, options });
      await this.recordPlanChange(userId, row.plan, snapshot.planId, profile, snapshot, options);
    });
  }

  /** A plan change goes in the audit log in the transaction that makes it (issue #18 §4). */
  private async recordPlanChange(
    userId: string,
    from: string,
    to: string,
    profile: LockedProfile,
    snapshot: SubscriptionSnapshot,
    options: SyncOptions,
  ): Promise<void> {
    if (from === to) return;
    await this.audit.record(
      {
        kind: 'plan.changed',
        accountId: userId,
        actor: options.actor ?? SYSTEM_ACTOR,
        target: { type: 'subscription', id: snapshot.subscriptionId },
        details: { from, to },
      },
      profile.transaction,
    );
  }
}

interface LivePlanInput {
  userId: string;
  row: ProfileRow;
  profile: LockedProfile;
  billing: LockedBilling;
  snapshot: SubscriptionSnapshot;
  isNew: boolean;
  options: SyncOptions;
}

async function applyLivePlan(input: LivePlanInput): Promise<void> {
  const { userId, row, profile, billing, snapshot, isNew, options } = input;
  const planId = snapshot.planId as PaidPlanId;
  const total = findPlan(planId)?.videosPerMonth ?? 0;
  const status = options.paymentFailure ? 'past_due' : profileStatusOf(snapshot.status);
  const grantedPeriod = isNew ? null : (billing.row?.videos_period_start ?? null);
  let remaining = row.videos_remaining;
  let videosPeriodStart = grantedPeriod;
  let reason: LedgerReason | null = null;

  if (status === 'active' && grantedPeriod === null) {
    // First paid period of this subscription: the plan's full allowance.
    remaining = total;
    videosPeriodStart = snapshot.currentPeriodStart ?? new Date();
    reason = 'plan_start';
  } else if (
    options.isPeriodPaid &&
    status === 'active' &&
    isLaterPeriod(snapshot.currentPeriodStart, grantedPeriod)
  ) {
    remaining = total; // SPEC: the monthly reset; free and bonus credits are not touched.
    videosPeriodStart = snapshot.currentPeriodStart;
    reason = 'plan_renewal';
  } else if (!isNew && row.plan !== planId && grantedPeriod !== null) {
    remaining = remainingAfterPlanChange(row.videos_remaining, row.videos_total, total);
    reason = 'plan_change';
  }

  const isGranted = videosPeriodStart !== null;
  await profile.update({
    plan: planId,
    status,
    customer_id: snapshot.customerId,
    ...(isGranted ? { videos_total: total, videos_remaining: remaining } : {}),
  });
  if (reason !== null && remaining !== row.videos_remaining) {
    await profile.appendLedger({
      userId,
      bucket: 'plan',
      delta: remaining - row.videos_remaining,
      reason,
      note: `${planId} ${snapshot.subscriptionId}`,
      balanceAfter: (row.credits_free ?? 0) + (row.credits_bonus ?? 0) + remaining,
    });
  }
  await billing.save({
    subscription_id: snapshot.subscriptionId,
    plan: planId,
    status,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    current_period_start: snapshot.currentPeriodStart,
    current_period_end: snapshot.currentPeriodEnd,
    videos_period_start: videosPeriodStart,
    // A paid period restarts the account's life; an unpaid checkout leaves the retention clock running.
    ...(isGranted ? NOT_CANCELED : retentionOf(billing)),
    payment_error:
      options.paymentFailure !== undefined
        ? paymentErrorText(options.paymentFailure)
        : status === 'active'
          ? null
          : (billing.row?.payment_error ?? null),
  });
}

/** Back to free: plan videos end with the plan; free and bonus credits stay (SPEC §9). */
async function endPlan(
  userId: string,
  row: ProfileRow,
  profile: LockedProfile,
  billing: LockedBilling,
  snapshot: SubscriptionSnapshot,
): Promise<void> {
  // A subscription that never became active granted nothing, so it takes nothing away.
  const wasGranted = (billing.row?.videos_period_start ?? null) !== null;
  await profile.update({
    plan: 'free',
    status: 'active',
    ...(wasGranted ? { videos_total: 0, videos_remaining: 0 } : {}),
  });
  if (wasGranted && row.videos_remaining !== 0) {
    await profile.appendLedger({
      userId,
      bucket: 'plan',
      delta: -row.videos_remaining,
      reason: 'plan_end',
      note: snapshot.subscriptionId,
      balanceAfter: (row.credits_free ?? 0) + (row.credits_bonus ?? 0),
    });
  }
  await billing.save({
    subscription_id: snapshot.subscriptionId,
    plan: 'free',
    status: 'canceled',
    cancel_at_period_end: false,
    current_period_start: snapshot.currentPeriodStart,
    current_period_end: snapshot.currentPeriodEnd,
    videos_period_start: null,
    payment_error: null,
    // Retention counts from the end of the last paid subscription (issue #18 §3).
    ...(wasGranted ? { canceled_at: new Date(), deletion_warned_at: null } : retentionOf(billing)),
  });
}

const NOT_CANCELED = { canceled_at: null, deletion_warned_at: null } as const;

/** The retention state as it stands, for a change that neither pays nor ends a paid plan. */
function retentionOf(billing: LockedBilling): {
  canceled_at: Date | null;
  deletion_warned_at: Date | null;
} {
  return {
    canceled_at: billing.row?.canceled_at ?? null,
    deletion_warned_at: billing.row?.deletion_warned_at ?? null,
  };
}

function requireRow(profile: LockedProfile): ProfileRow {
  if (!profile.row) throw new AppError('not_found', 'No profile exists for this clinic.');
  return profile.row;
}
