import { PLANS, seatsForPlan, type PaidPlanId, type PlanDefinition } from '@glowreel/contracts';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

interface PlanCardsProps {
  processingPlan: PaidPlanId | null;
  onSelect: (planId: PaidPlanId) => void;
}

/** 'Choose Your Plan': the three plans from the one plan definition (DESIGN.md D1). */
export function PlanCards({ processingPlan, onSelect }: PlanCardsProps) {
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
        Plans
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Monthly plans, cancel at any time; your plan stays active until the end of the paid month.
      </p>
      <ul className="mt-5 grid gap-4 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            isProcessing={processingPlan === plan.id}
            isDisabled={processingPlan !== null}
            onSelect={() => onSelect(plan.id)}
          />
        ))}
      </ul>
    </section>
  );
}

interface PlanCardProps {
  plan: PlanDefinition;
  isProcessing: boolean;
  isDisabled: boolean;
  onSelect: () => void;
}

function PlanCard({ plan, isProcessing, isDisabled, onSelect }: PlanCardProps) {
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm ${
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
        <span className="text-base font-medium text-slate-500">/month</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        <Feature>{plan.videosPerMonth} videos per month</Feature>
        <Feature>{plan.resolution} resolution</Feature>
        <Feature>{seatsForPlan(plan.id)} team seats</Feature>
        <Feature>Unused free and bonus credits kept</Feature>
      </ul>
      <button
        type="button"
        onClick={onSelect}
        disabled={isDisabled}
        className={`mt-5 inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold shadow-sm transition disabled:cursor-not-allowed disabled:opacity-60 ${
          plan.isMostPopular
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'border border-brand-700 text-brand-800 hover:bg-brand-50'
        }`}
      >
        {isProcessing ? 'Processing...' : `Select ${plan.name}`}
      </button>
    </li>
  );
}

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
      {children}
    </li>
  );
}
