import { z } from 'zod';
import { PAID_PLAN_IDS } from './plans.ts';

// SPEC §7 billing calls, §8 billing messages and the dashboard's view of a subscription.
export const BILLING_COPY = {
  invalidPlan: 'Invalid plan selected',
  checkoutFailed: 'Sorry, there was an error starting the checkout process. Please try again.',
  checkoutFallback: 'Failed to create checkout session',
  planSelectionFailed: 'Failed to proceed with plan selection. Please try again.',
  portalFallback: 'Failed to create portal session',
  portalFailed: 'Unable to open subscription management. Please try again.',
  needSubscription:
    'You need an active subscription to manage billing. Please select a plan first.',
  demoNotice: 'Demo mode — no payment is taken',
  paymentFailed: (message: string) => `Payment failed: ${message}. Please try again.`,
} as const;

/** SPEC §7 checkout body. userId and userEmail are accepted but the session decides who pays. */
export const checkoutRequestSchema = z.object({
  planId: z.string().max(40),
  userId: z.string().max(200).optional(),
  userEmail: z.string().max(320).optional(),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const portalRequestSchema = z.object({
  customerId: z.string().max(200).nullish(),
  returnUrl: z.string().max(2000).optional(),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;

export const redirectResponseSchema = z.object({ url: z.string() });

export const BILLING_MODES = ['stripe', 'demo'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** GET /api/billing/subscription: what the dashboard shows beyond the SPEC profile. */
export const billingStatusSchema = z.object({
  mode: z.enum(BILLING_MODES),
  plan: z.enum(['free', ...PAID_PLAN_IDS]),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  paymentError: z.string().nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** The demo portal's actions; each goes through the same service code as Stripe's webhook. */
export const DEMO_PORTAL_ACTIONS = [
  'change_plan',
  'cancel_at_period_end',
  'resume',
  'simulate_renewal',
  'simulate_payment_failure',
] as const;
export const demoPortalActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change_plan'), planId: z.enum(PAID_PLAN_IDS) }),
  z.object({ action: z.literal('cancel_at_period_end') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('simulate_renewal') }),
  z.object({ action: z.literal('simulate_payment_failure') }),
]);
export type DemoPortalAction = z.infer<typeof demoPortalActionSchema>;
