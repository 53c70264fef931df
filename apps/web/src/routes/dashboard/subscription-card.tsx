import { findPlan, type BillingStatus, type Profile } from '@glowreel/contracts';
import { Link } from 'react-router';
import { CreditBadges } from './credit-badges.tsx';

interface SubscriptionCardProps {
  profile: Profile;
  billing: BillingStatus | undefined;
  isOpeningPortal: boolean;
  onManage: () => void;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** SPEC §2 current subscription card: plan, plan videos left of total, credit badges. */
export function SubscriptionCard({
  profile,
  billing,
  isOpeningPortal,
  onManage,
}: SubscriptionCardProps) {
  const { subscription } = profile;
  const planName = findPlan(subscription.plan)?.name ?? subscription.plan;
  const periodEnd = billing?.currentPeriodEnd ? new Date(billing.currentPeriodEnd) : null;

  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Current subscription
      </p>
      <h2 id="subscription-heading" className="mt-1 text-2xl font-bold text-slate-900">
        {planName} plan
      </h2>
      <p className="mt-4 text-slate-700">
        <span className="text-4xl font-bold text-brand-700" data-testid="plan-videos">
          {subscription.videosRemaining} of {subscription.videosTotal}
        </span>{' '}
        plan videos remaining this month
      </p>
      <div className="mt-4">
        <CreditBadges profile={profile} />
      </div>
      {billing?.cancelAtPeriodEnd && periodEnd && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Your plan is set to cancel on {dayFormat.format(periodEnd)}. It stays active until then;
          your free and bonus credits stay with your account.
        </p>
      )}
      {!billing?.cancelAtPeriodEnd && periodEnd && subscription.status === 'active' && (
        <p className="mt-4 text-sm text-slate-600">Renews on {dayFormat.format(periodEnd)}.</p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/generate"
          className="inline-flex items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white no-underline hover:bg-brand-800"
        >
          Start Creating
        </Link>
        <button
          type="button"
          onClick={onManage}
          disabled={isOpeningPortal}
          className="inline-flex items-center rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isOpeningPortal ? 'Processing...' : 'Manage Subscription'}
        </button>
      </div>
    </section>
  );
}
