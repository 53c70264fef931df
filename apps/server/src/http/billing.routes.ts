import {
  checkoutRequestSchema,
  demoPortalActionSchema,
  portalRequestSchema,
} from '@glowreel/contracts';
import { userActor } from '../audit/request-actor.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import type { BillingService } from '../services/billing.service.ts';
import type { DemoBillingService } from '../services/demo-billing.service.ts';
import { parseBody } from './parse-body.ts';
import { requireActorWith } from './actor.ts';

export interface BillingRoutesOptions {
  auth: Auth;
  billing: BillingService;
  /** Present in demo mode only: the built-in checkout and portal pages call these. */
  demo: DemoBillingService | null;
}

const demoCheckoutSchema = z.object({ planId: z.string().max(40) });

/**
 * SPEC §7 checkout and portal, the dashboard's billing state and the demo pages' actions, for
 * the acting clinic (its owner only).
 */
export function registerBillingRoutes(app: FastifyInstance, options: BillingRoutesOptions): void {
  const { auth, billing, demo } = options;

  app.post('/api/create-checkout-session', async (request) => {
    const actor = await requireActorWith(auth, request, { billing: 'manage' });
    await auth.emailGate.requireVerified(actor.userId, 'plans');
    return billing.startCheckout(actor, parseBody(checkoutRequestSchema, request.body));
  });

  app.post('/api/create-portal-session', async (request) => {
    const actor = await requireActorWith(auth, request, { billing: 'manage' });
    return billing.openPortal(actor, parseBody(portalRequestSchema, request.body));
  });

  app.get('/api/billing/subscription', async (request) => {
    const { clinicId } = await requireActorWith(auth, request, { billing: 'manage' });
    return billing.getStatus(clinicId);
  });

  if (!demo) return;
  app.post('/api/billing/demo/checkout', async (request) => {
    const actor = await requireActorWith(auth, request, { billing: 'manage' });
    await auth.emailGate.requireVerified(actor.userId, 'plans');
    const { planId } = parseBody(demoCheckoutSchema, request.body);
    return demo.completeCheckout(actor, planId, userActor(request, actor.userId));
  });
  app.post('/api/billing/demo/portal', async (request) => {
    const actor = await requireActorWith(auth, request, { billing: 'manage' });
    const action = parseBody(demoPortalActionSchema, request.body);
    await demo.act(actor, action, userActor(request, actor.userId));
    return billing.getStatus(actor.clinicId);
  });
}
