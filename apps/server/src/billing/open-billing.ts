import type { Kysely } from 'kysely';
import pino from 'pino';
import type { AuditTrail } from '../audit/audit-trail.ts';
import type { Config } from '../config.ts';
import { BillingRepository } from '../db/billing.repository.ts';
import { DemoRequestsRepository } from '../db/demo-requests.repository.ts';
import { FeedbackRepository } from '../db/feedback.repository.ts';
import type { OutboxRepository } from '../db/outbox.repository.ts';
import type { Database } from '../db/schema.ts';
import type { MailTransport } from '../mail/open-mail.ts';
import { BillingService } from '../services/billing.service.ts';
import { DemoBillingService } from '../services/demo-billing.service.ts';
import { DemoRequestsService } from '../services/demo-requests.service.ts';
import { FeedbackService } from '../services/feedback.service.ts';
import type { ProfilesService } from '../services/profiles.service.ts';
import { SubscriptionsService } from '../services/subscriptions.service.ts';
import { DemoGateway } from './demo-gateway.ts';
import { createStripeClient } from './stripe-client.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { StripeWebhooks } from './stripe-webhooks.ts';

/** The business side of issue 6: billing, demo requests, feedback and the outbox. */
export interface BusinessServices {
  billing: BillingService;
  /** Null in Stripe mode, where Stripe's own pages do the demo pages' work. */
  demoBilling: DemoBillingService | null;
  subscriptions: SubscriptionsService;
  demoRequests: DemoRequestsService;
  feedback: FeedbackService;
  outbox: OutboxRepository;
  close: () => void;
}

/** Composition of the billing side; part of the runtime every process opens. */
export function openBusinessServices(
  config: Config,
  db: Kysely<Database>,
  profiles: ProfilesService,
  mail: MailTransport,
  audit: AuditTrail,
): BusinessServices {
  const billingRepository = new BillingRepository(db);
  const subscriptions = new SubscriptionsService(billingRepository, audit);
  const { outbox } = mail;
  const log = pino({ level: config.log.level }).child({ component: 'business' });

  let billing: BillingService;
  let demoBilling: DemoBillingService | null = null;
  if (config.billing.kind === 'stripe') {
    const stripe = createStripeClient(config.billing);
    const gateway = new StripeGateway(stripe, config.billing);
    billing = new BillingService({
      gateway,
      webhooks: new StripeWebhooks(stripe, gateway, config.billing.webhookSecret),
      subscriptions,
      billing: billingRepository,
      profiles,
      publicUrl: config.publicUrl,
    });
  } else {
    billing = new BillingService({
      gateway: new DemoGateway(config.publicUrl),
      webhooks: null,
      subscriptions,
      billing: billingRepository,
      profiles,
      publicUrl: config.publicUrl,
    });
    demoBilling = new DemoBillingService({ billing: billingRepository, profiles, subscriptions });
  }
  return {
    billing,
    demoBilling,
    subscriptions,
    demoRequests: new DemoRequestsService({
      requests: new DemoRequestsRepository(db),
      mailer: mail.mailer,
      outbox,
      operatorAddress: config.mail.demoRequestTo,
      log: { error: (details, message) => log.error(details, message) },
    }),
    feedback: new FeedbackService(new FeedbackRepository(db), config.publicStatsMinCount),
    outbox,
    close: () => mail.close(),
  };
}
