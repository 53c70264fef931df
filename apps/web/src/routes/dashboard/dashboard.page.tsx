import { BILLING_COPY, type Profile } from '@glowreel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth-context.ts';
import { BILLING_STATUS_QUERY_KEY, fetchBillingStatus } from '../../lib/billing-api.ts';
import { useClinicRole } from '../../lib/clinics-api.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';
import { ActivitySection } from './activity/activity-section.tsx';
import { BillingAlertBanner } from './billing-alert.tsx';
import { BrandSection } from './brand/brand-section.tsx';
import { DevelopersSection } from './developers/developers-section.tsx';
import { FreePlanPanel } from './free-plan-panel.tsx';
import { PlanCards } from './plan-cards.tsx';
import { QuickActions } from './quick-actions.tsx';
import { ReturnToast } from './return-toast.tsx';
import { RunningRenderCard } from './running-render-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { TeamSection } from './team/team-section.tsx';
import { useBillingActions } from './use-billing-actions.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import { VideoHistoryDialog } from './video-history-dialog.tsx';

const PLAN_WAIT_INTERVAL_MS = 2000;
const PLAN_WAIT_ATTEMPTS = 10;

/**
 * SPEC §4 subscription display: a paid plan with a billing customer gives 'Your Dashboard'.
 * A past-due plan keeps it too (unlike SPEC's strict 'active'), so the clinic sees the failed
 * payment and reaches Manage Subscription to fix it instead of being offered a second plan.
 */
function hasSubscription(profile: Profile): boolean {
  const { plan, status, customerId } = profile.subscription;
  return plan !== 'free' && customerId !== null && (status === 'active' || status === 'past_due');
}

export function DashboardPage() {
  const profile = useSignedInProfile();
  const { refreshProfile } = useAuth();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const actions = useBillingActions(profile);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const billing = useQuery({ queryKey: BILLING_STATUS_QUERY_KEY, queryFn: fetchBillingStatus });
  const isSubscribed = hasSubscription(profile);
  // Issue #21: billing is the owner's; keys, webhooks, brand and the audit log an admin's too.
  // Until the role is known neither shows, so staff never see them flash.
  const role = useClinicRole();
  const canManageBilling = role === 'owner';
  const canAdminister = role === 'owner' || role === 'admin';
  // Only the owner chooses a plan; everyone else sees the clinic's dashboard.
  const title =
    isSubscribed || (role !== null && !canManageBilling) ? 'Your Dashboard' : 'Choose Your Plan';

  const [isAwaitingPlan, setIsAwaitingPlan] = useState(false);
  const refreshBilling = useCallback(() => {
    void refreshProfile();
    void queryClient.invalidateQueries({ queryKey: BILLING_STATUS_QUERY_KEY });
  }, [refreshProfile, queryClient]);
  const onReturn = useCallback(
    (kind: 'success' | 'canceled') => {
      refreshBilling();
      if (kind === 'success') setIsAwaitingPlan(true);
    },
    [refreshBilling],
  );

  useEffect(() => {
    // Stripe confirms a payment by webhook, which may land a moment after the clinic does.
    if (!isAwaitingPlan || isSubscribed) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      refreshBilling();
      if (attempts >= PLAN_WAIT_ATTEMPTS) {
        clearInterval(timer);
        setIsAwaitingPlan(false);
      }
    }, PLAN_WAIT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isAwaitingPlan, isSubscribed, refreshBilling]);

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
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </div>

      <div className="mt-6 space-y-3 empty:hidden">
        <VerifyEmailBanner />
        {profile.subscription.status === 'past_due' && (
          <BillingAlertBanner
            title={BILLING_COPY.paymentFailed(
              billing.data?.paymentError ?? 'your last payment did not go through',
            )}
            detail="Update your payment method under Manage Subscription to keep your plan."
          />
        )}
        {actions.alert && (
          <BillingAlertBanner
            title={actions.alert.title}
            detail={actions.alert.detail}
            onDismiss={actions.dismissAlert}
          />
        )}
        {billing.data?.mode === 'demo' && (
          <p className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700">
            {BILLING_COPY.demoNotice}: plans here are for trying Glowreel out.
          </p>
        )}
      </div>

      <RunningRenderCard />

      {!canManageBilling ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <p className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
              {role === null ? (
                'Loading your clinic…'
              ) : (
                <>
                  <span className="font-semibold text-slate-900" data-testid="clinic-credits">
                    {profile.credits.total} {profile.credits.total === 1 ? 'credit' : 'credits'}
                  </span>{' '}
                  left for the clinic's videos. Its plan and credits are managed by its owner.
                </>
              )}
            </p>
          </div>
          <QuickActions onViewHistory={() => setIsHistoryOpen(true)} />
        </div>
      ) : isSubscribed ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <SubscriptionCard
              profile={profile}
              billing={billing.data}
              isOpeningPortal={actions.isOpeningPortal}
              onManage={actions.openPortal}
            />
          </div>
          <QuickActions onViewHistory={() => setIsHistoryOpen(true)} />
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-1">
            <FreePlanPanel profile={profile} onViewHistory={() => setIsHistoryOpen(true)} />
          </div>
          <div className="lg:col-span-2">
            <PlanCards processingPlan={actions.processingPlan} onSelect={actions.startCheckout} />
          </div>
        </div>
      )}

      <TeamSection />
      {canAdminister && (
        <>
          <BrandSection />
          <DevelopersSection />
          <ActivitySection />
        </>
      )}
      <VideoHistoryDialog isOpen={isHistoryOpen} onOpenChange={setIsHistoryOpen} />
      <ReturnToast onReturn={onReturn} />
    </div>
  );
}
