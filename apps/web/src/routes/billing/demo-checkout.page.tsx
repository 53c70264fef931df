import { findPlan } from '@glowreel/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { primaryButtonClass } from '../../components/form-styles.ts';
import { describeError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.ts';
import { confirmDemoCheckout } from '../../lib/billing-api.ts';
import { BillingAlertBanner } from '../dashboard/billing-alert.tsx';
import { DemoBanner } from './demo-banner.tsx';

/**
 * The built-in checkout of demo billing (no Stripe configured): shows the plan and, on
 * confirm, applies it through the same subscription rules as Stripe's webhook.
 */
export function DemoCheckoutPage() {
  const [searchParams] = useSearchParams();
  const plan = findPlan(searchParams.get('plan') ?? '');
  const navigate = useNavigate();
  const { refreshProfile } = useAuth();
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (!plan) return;
    setIsConfirming(true);
    setFailure(null);
    try {
      const url = await confirmDemoCheckout(plan.id);
      await refreshProfile();
      await navigate(url);
    } catch (error) {
      setFailure(describeError(error, 'Failed to create checkout session'));
      setIsConfirming(false);
    }
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <title>Demo checkout · Glowreel</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Demo checkout</h1>
      <div className="mt-6">
        <DemoBanner />
      </div>
      {plan ? (
        <section
          aria-labelledby="demo-plan-heading"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="demo-plan-heading" className="text-xl font-semibold text-slate-900">
            {plan.name} plan
          </h2>
          <p className="mt-2 text-3xl font-bold text-slate-900">
            ${plan.priceUsdPerMonth}
            <span className="text-base font-medium text-slate-500">/month</span>
          </p>
          <p className="mt-3 text-slate-700">
            {plan.videosPerMonth} videos per month at {plan.resolution}. In demo mode the plan
            starts at once and renews only when you simulate it from Manage Subscription.
          </p>
          {failure && (
            <div className="mt-4">
              <BillingAlertBanner title={failure} />
            </div>
          )}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={isConfirming}
              className={primaryButtonClass}
            >
              {isConfirming ? 'Processing...' : `Start ${plan.name} (demo)`}
            </button>
            <Link
              to="/dashboard?canceled=true"
              className="inline-flex w-full items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700 no-underline hover:bg-slate-50"
            >
              Cancel
            </Link>
          </div>
        </section>
      ) : (
        <div className="mt-6">
          <BillingAlertBanner title="Invalid plan selected" />
          <Link to="/dashboard" className="mt-4 inline-block font-semibold">
            Back to your dashboard
          </Link>
        </div>
      )}
    </div>
  );
}
