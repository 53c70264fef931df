import { BILLING_COPY, type PaidPlanId, type Profile } from '@glowreel/contracts';
import { useState } from 'react';
import { describeError } from '../../lib/api-client.ts';
import { createCheckoutSession, createPortalSession } from '../../lib/billing-api.ts';

export interface BillingAlert {
  title: string;
  detail: string | null;
}

/**
 * SPEC §4 and §8: a plan button shows 'Processing...' while checkout starts; checkout and
 * portal failures become the SPEC alerts (shown in the page, with the server's reason).
 */
export function useBillingActions(profile: Profile) {
  const [processingPlan, setProcessingPlan] = useState<PaidPlanId | null>(null);
  const [isOpeningPortal, setIsOpeningPortal] = useState(false);
  const [alert, setAlert] = useState<BillingAlert | null>(null);

  async function startCheckout(planId: PaidPlanId) {
    setAlert(null);
    setProcessingPlan(planId);
    try {
      window.location.assign(await createCheckoutSession(planId, profile));
    } catch (error) {
      console.error('checkout failed', error);
      setAlert({
        title: BILLING_COPY.checkoutFailed,
        detail: describeError(error, BILLING_COPY.checkoutFallback),
      });
      setProcessingPlan(null);
    }
  }

  async function openPortal() {
    setAlert(null);
    const customerId = profile.subscription.customerId;
    if (customerId === null) {
      setAlert({ title: BILLING_COPY.needSubscription, detail: null });
      return;
    }
    setIsOpeningPortal(true);
    try {
      window.location.assign(await createPortalSession(customerId));
    } catch (error) {
      console.error('portal failed', error);
      setAlert({
        title: BILLING_COPY.portalFailed,
        detail: describeError(error, BILLING_COPY.portalFallback),
      });
      setIsOpeningPortal(false);
    }
  }

  return {
    processingPlan,
    isOpeningPortal,
    alert,
    dismissAlert: () => setAlert(null),
    startCheckout: (planId: PaidPlanId) => void startCheckout(planId),
    openPortal: () => void openPortal(),
  };
}
