import { findPlan, PLANS, type DemoPortalAction } from '@glowreel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.ts';
import {
  BILLING_STATUS_QUERY_KEY,
  fetchBillingStatus,
  runDemoPortalAction,
} from '../../lib/billing-api.ts';
import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';
import { BillingAlertBanner } from '../dashboard/billing-alert.tsx';
import { DemoBanner } from './demo-banner.tsx';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const actionClass =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The built-in portal of demo billing: change plan, cancel at period end, and simulate what a
 * payment provider would do next. Every action runs the same rules as Stripe's webhook.
 */
export function DemoPortalPage() {
  const profile = useSignedInProfile();
  const { refreshProfile } = useAuth();
  const queryClient = useQueryClient();
  const billing = useQuery({ queryKey: BILLING_STATUS_QUERY_KEY, queryFn: fetchBillingStatus });
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const status = billing.data;
  const hasPlan = profile.subscription.plan !== 'free' && status !== undefined;

  async function run(action: DemoPortalAction, done: string) {
    setPending(action.action);
    setFailure(null);
    setNotice(null);
    try {
      queryClient.setQueryData(BILLING_STATUS_QUERY_KEY, await runDemoPortalAction(action));
      await refreshProfile();
      setNotice(done);
    } catch (error) {
      setFailure(describeError(error, 'Unable to open subscription management. Please try again.'));
    } finally {
      setPending(null);
    }
  }

  const periodEnd = status?.currentPeriodEnd
    ? dayFormat.format(new Date(status.currentPeriodEnd))
    : null;
  const planName = findPlan(profile.subscription.plan)?.name ?? 'Free';
  const isBusy = pending !== null;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <title>Manage subscription (demo) · Glowreel</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Manage subscription</h1>
      <div className="mt-6 space-y-3">
        <DemoBanner />
        {notice && (
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
            {notice}
          </p>
        )}
        {failure && <BillingAlertBanner title={failure} />}
      </div>

      {billing.isPending ? (
        <p className="mt-8 text-slate-600">Loading...</p>
      ) : !hasPlan ? (
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-800">
            You are on the free plan. Choose a plan on your dashboard to start one.
          </p>
        </div>
      ) : (
        <div className="mt-8 space-y-6">
          <section
            aria-labelledby="current-plan-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="current-plan-heading" className="text-xl font-semibold text-slate-900">
              Current plan: {planName}
            </h2>
            <p className="mt-2 text-slate-700">
              {profile.subscription.videosRemaining} of {profile.subscription.videosTotal} plan
              videos left this period.
            </p>
            {periodEnd && (
              <p className="mt-1 text-slate-700">
                {status.cancelAtPeriodEnd
                  ? `Cancels at the end of the period on ${periodEnd}; the plan stays active until then.`
                  : `The current period ends on ${periodEnd}.`}
              </p>
            )}
            <div className="mt-5 flex flex-wrap gap-3">
              {status.cancelAtPeriodEnd ? (
                <button
                  type="button"
                  disabled={isBusy}
                  className={actionClass}
                  onClick={() => void run({ action: 'resume' }, 'Your plan will renew as usual.')}
                >
                  Keep my plan
                </button>
              ) : (
                <button
                  type="button"
                  disabled={isBusy}
                  className={actionClass}
                  onClick={() =>
                    void run(
                      { action: 'cancel_at_period_end' },
                      'Your plan will end at the end of the current period.',
                    )
                  }
                >
                  Cancel at period end
                </button>
              )}
            </div>
          </section>

          <section
            aria-labelledby="change-plan-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="change-plan-heading" className="text-lg font-semibold text-slate-900">
              Change plan
            </h2>
            <div className="mt-4 flex flex-wrap gap-3">
              {PLANS.map((plan) => (
                <button
                  key={plan.id}
                  type="button"
                  disabled={isBusy || plan.id === profile.subscription.plan}
                  className={actionClass}
                  onClick={() =>
                    void run(
                      { action: 'change_plan', planId: plan.id },
                      `You are now on the ${plan.name} plan.`,
                    )
                  }
                >
                  Switch to {plan.name}
                </button>
              ))}
            </div>
          </section>

          <section
            aria-labelledby="simulate-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="simulate-heading" className="text-lg font-semibold text-slate-900">
              Simulate what happens next
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Moves the demo clock to the end of the period: a plan set to cancel ends and you
              return to the free plan; any other plan renews and its videos reset.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button
                type="button"
                disabled={isBusy}
                className={actionClass}
                onClick={() =>
                  void run(
                    { action: 'simulate_renewal' },
                    status.cancelAtPeriodEnd
                      ? 'The period ended: you are back on the free plan.'
                      : 'Renewed: your plan videos were reset for the new period.',
                  )
                }
              >
                Simulate next renewal
              </button>
              <button
                type="button"
                disabled={isBusy}
                className={actionClass}
                onClick={() =>
                  void run(
                    { action: 'simulate_payment_failure' },
                    'A failed payment was simulated: the plan is past due.',
                  )
                }
              >
                Simulate failed payment
              </button>
            </div>
          </section>
        </div>
      )}

      <Link to="/dashboard" className="mt-8 inline-block font-semibold">
        Return to dashboard
      </Link>
    </div>
  );
}
