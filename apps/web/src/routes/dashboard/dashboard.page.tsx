import { isPaid } from '@glowreel/contracts';
import { Link } from 'react-router';
import { CreditsPanel } from '../../components/credits-panel.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';
import { PlanCards } from './plan-cards.tsx';
import { SubscriptionCard } from './subscription-card.tsx';

export function DashboardPage() {
  const profile = useSignedInProfile();
  const signOut = useSignOut();
  // SPEC §4 subscription display: paid and billed gives the dashboard, anything else the picker.
  const hasSubscription = isPaid(profile) && profile.subscription.customerId !== null;
  const title = hasSubscription ? 'Your Dashboard' : 'Choose Your Plan';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`${title} · Glowreel`}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-600">Welcome, {profile.displayName || 'User'}.</p>
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Logout
        </button>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <CreditsPanel profile={profile}>
            {profile.credits.total > 0 && !hasSubscription && (
              <Link
                to="/generate"
                className="mt-5 inline-flex w-full items-center justify-center rounded-lg bg-accent-600 px-4 py-2.5 font-semibold text-white hover:bg-accent-700"
              >
                Try Free Videos
              </Link>
            )}
          </CreditsPanel>
        </div>
        <div className="lg:col-span-2">
          {hasSubscription ? <SubscriptionCard profile={profile} /> : <PlanCards />}
        </div>
      </div>
    </div>
  );
}
