import type Stripe from 'stripe';
import { AppError } from '../errors.ts';
import type { ResolvedBillingEvent, VerifiedEvent, WebhookVerifier } from './billing-gateway.ts';
import { idOf, type StripeGateway } from './stripe-gateway.ts';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * Verifies Stripe's signature over the raw body, then resolves each event by reading the
 * current objects back from Stripe: event bodies may be stale or arrive out of order.
 */
export class StripeWebhooks implements WebhookVerifier {
  constructor(
    private readonly stripe: Stripe,
    private readonly gateway: StripeGateway,
    private readonly webhookSecret: string,
  ) {}

  async verify(rawBody: Buffer, signature: string | undefined): Promise<VerifiedEvent> {
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signature ?? '',
        this.webhookSecret,
      );
    } catch {
      throw new AppError('bad_request', 'The Stripe signature of this webhook is not valid.');
    }
    return { id: event.id, type: event.type, resolve: () => this.resolve(event) };
  }

  private async resolve(event: Stripe.Event): Promise<ResolvedBillingEvent> {
    if (event.type === 'checkout.session.completed') {
      const session = await this.stripe.checkout.sessions.retrieve(event.data.object.id);
      if (session.mode !== 'subscription' || !session.subscription || !session.customer) {
        return { kind: 'ignored' };
      }
      const { snapshot, clinicId, userId } = await this.gateway.fetchSubscription(
        idOf(session.subscription),
      );
      return {
        kind: 'subscription',
        customerId: idOf(session.customer),
        clinicIdHint: session.metadata?.clinicId ?? clinicId,
        // Before clinics the checkout's reference was the user id.
        userIdHint: session.metadata?.userId ?? userId ?? session.client_reference_id,
        snapshot,
      };
    }
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const object = event.data.object as Stripe.Subscription;
      const { snapshot, clinicId, userId } = await this.gateway.fetchSubscription(object.id);
      return {
        kind: 'subscription',
        customerId: snapshot.customerId,
        clinicIdHint: clinicId,
        userIdHint: userId,
        snapshot,
      };
    }
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      return this.resolveInvoice(event.data.object.id ?? '');
    }
    return { kind: 'ignored' };
  }

  private async resolveInvoice(invoiceId: string): Promise<ResolvedBillingEvent> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    const subscription = invoice.parent?.subscription_details?.subscription;
    if (!subscription) return { kind: 'ignored' }; // A one-off invoice: no plan involved.
    const { snapshot, clinicId, userId } = await this.gateway.fetchSubscription(idOf(subscription));
    const base = {
      customerId: snapshot.customerId,
      clinicIdHint: clinicId,
      userIdHint: userId,
      snapshot,
    };
    if (invoice.status === 'paid') return { kind: 'invoice_paid', ...base };
    // Still unpaid now, whatever order the events came in: the payment really failed.
    return {
      kind: 'payment_failed',
      ...base,
      message: invoice.last_finalization_error?.message ?? 'Your card was declined',
    };
  }
}
