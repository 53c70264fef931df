import Stripe from 'stripe';
import type { BillingConfig } from '../config.ts';

export type StripeBillingConfig = Extract<BillingConfig, { kind: 'stripe' }>;

/** One Stripe client; `apiUrl` points it at a proxy or at the loopback fake the tests run. */
export function createStripeClient(config: StripeBillingConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
