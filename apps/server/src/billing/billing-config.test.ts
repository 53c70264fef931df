import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICE_STARTER: 'price_s',
  STRIPE_PRICE_PRO: 'price_p',
  STRIPE_PRICE_ENTERPRISE: 'price_e',
};

describe('billing configuration', () => {
  it('uses demo billing and the outbox when nothing is configured', () => {
    const config = loadConfig({}, '/srv');
    expect(config.billing).toEqual({ kind: 'demo' });
    expect(config.mail.smtpUrl).toBeNull();
  });

  it('uses Stripe when every Stripe variable is set', () => {
    const config = loadConfig(STRIPE, '/srv');
    expect(config.billing).toMatchObject({
      kind: 'stripe',
      prices: { starter: 'price_s', pro: 'price_p', enterprise: 'price_e' },
      apiUrl: null,
    });
  });

  it('refuses half a Stripe setup and names every missing variable', () => {
    const { STRIPE_PRICE_PRO: _pro, STRIPE_WEBHOOK_SECRET: _secret, ...partial } = STRIPE;
    expect(() => loadConfig(partial, '/srv')).toThrow(ConfigError);
    try {
      loadConfig(partial, '/srv');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: is required/),
        expect.stringMatching(/^STRIPE_PRICE_PRO: is required/),
      ]);
    }
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' }, '/srv')).toThrow(/SMTP_URL/);
  });
});
