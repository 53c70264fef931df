import {
  PLANS,
  SITE_COPY,
  seatsForPlan,
  type PaidPlanId,
  type PlanDefinition,
} from '@glowreel/contracts';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context.ts';
import { SectionHeading } from './section-heading.tsx';
import { startCheckout } from './start-checkout.ts';

function planFeatures(plan: PlanDefinition): string[] {
  return [
    `${plan.videosPerMonth} videos per month`,
    `${plan.resolution} MP4 downloads`,
    `${seatsForPlan(plan.id)} team seats`,
    '16:9, 9:16 and 1:1 formats',
    'Clinic branding and disclosure captions',
    `API: ${plan.apiRequestsPerMinute} requests per minute`,
  ];
}

export function PricingSection() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [processingPlan, setProcessingPlan] = useState<PaidPlanId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isSignedIn = auth.status === 'signed-in';

  async function selectPlan(planId: PaidPlanId) {
    if (auth.status !== 'signed-in') {
      await navigate('/login');
      return;
    }
    setError(null);
    setProcessingPlan(planId);
    try {
      window.location.assign(await startCheckout(planId, auth.profile));
    } catch {
      setError(SITE_COPY.planSelectionFailed);
      setProcessingPlan(null);
    }
  }

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="Simple plans for every clinic"
        >
          Start with free credits. Upgrade when you are ready; cancel at any time.
        </SectionHeading>
        {error && (
          <p
            role="alert"
            className="mx-auto mt-10 max-w-xl rounded-lg border border-accent-100 bg-accent-50 px-4 py-3 text-center text-sm font-medium text-accent-700"
          >
            {error}
          </p>
        )}
        <ul className="mx-auto mt-14 grid max-w-sm gap-8 md:max-w-none md:grid-cols-3">
          {PLANS.map((plan) => {
            const isProcessing = processingPlan === plan.id;
            return (
              <li
                key={plan.id}
                className={`relative flex flex-col rounded-2xl bg-white p-8 ${
                  plan.isMostPopular
                    ? 'shadow-xl ring-2 ring-brand-600 md:-my-4 md:py-12'
                    : 'border border-slate-200 shadow-sm'
                }`}
              >
                {plan.isMostPopular && (
                  <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-accent-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
                    Most Popular
                  </span>
                )}
                <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-5xl font-extrabold tracking-tight text-slate-900">
                    ${plan.priceUsdPerMonth}
                  </span>
                  <span className="text-base font-medium text-slate-500">/month</span>
                </p>
                <ul className="mt-8 flex-1 space-y-3 text-slate-600">
                  {planFeatures(plan).map((feature) => (
                    <li key={feature} className="flex gap-3">
                      <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  disabled={processingPlan !== null}
                  onClick={() => void selectPlan(plan.id)}
                  className={`mt-8 w-full rounded-lg px-4 py-3 font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${
                    plan.isMostPopular
                      ? 'bg-brand-700 text-white shadow-sm hover:bg-brand-800'
                      : 'bg-brand-50 text-brand-800 hover:bg-brand-100'
                  }`}
                >
                  {isProcessing
                    ? 'Processing...'
                    : isSignedIn
                      ? `Select ${plan.name}`
                      : 'Get Started'}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
