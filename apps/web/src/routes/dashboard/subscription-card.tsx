import { findPlan, type Profile } from '@glowreel/contracts';
import { Link } from 'react-router';

export function SubscriptionCard({ profile }: { profile: Profile }) {
  const { subscription } = profile;
  const planName = findPlan(subscription.plan)?.name ?? subscription.plan;

  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="subscription-heading" className="text-lg font-semibold text-slate-900">
        Current subscription
      </h2>
      <p className="mt-1 text-slate-600">
        {planName} plan · {subscription.videosRemaining} of {subscription.videosTotal} plan videos
        remaining this month
      </p>
      <Link
        to="/generate"
        className="mt-6 inline-flex items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Start Creating
      </Link>
    </section>
  );
}
