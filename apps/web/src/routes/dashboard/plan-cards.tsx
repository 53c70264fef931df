import { PLANS, type PlanDefinition } from '@glowreel/contracts';

export function PlanCards() {
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="sr-only">
        Plans
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      {/* Checkout is its own issue; until then the plans are shown, not sold. */}
      <p className="mt-4 text-sm text-slate-500">Online plan checkout is coming soon.</p>
    </section>
  );
}

function PlanCard({ plan }: { plan: PlanDefinition }) {
  return (
    <li
      className={`relative rounded-2xl border bg-white p-5 shadow-sm ${
        plan.isMostPopular ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'
      }`}
    >
      {plan.isMostPopular && (
        <span className="absolute -top-3 left-5 rounded-full bg-accent-600 px-2.5 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </span>
      )}
      <h3 className="font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-2 text-3xl font-bold text-slate-900">
        ${plan.priceUsdPerMonth}
        {plan.showsPeriodLabel && (
          <span className="text-base font-medium text-slate-500">/month</span>
        )}
      </p>
      <ul className="mt-4 space-y-1 text-sm text-slate-600">
        <li>{plan.videosPerMonth} videos per month</li>
        <li>{plan.resolution} resolution</li>
      </ul>
    </li>
  );
}
