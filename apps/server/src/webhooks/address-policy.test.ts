import { describe, expect, it } from 'vitest';
import { isAllowedWebhookAddress } from './address-policy.ts';
import { assertWebhookTarget } from './webhook-sender.ts';

describe('webhook address policy (SSRF guard)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::7',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('refuses %s', (address) => {
    expect(isAllowedWebhookAddress(address, false)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])('accepts public %s', (address) => {
    expect(isAllowedWebhookAddress(address, false)).toBe(true);
  });

  it('lets loopback through only when the test setting allows it', () => {
    expect(isAllowedWebhookAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedWebhookAddress('::1', true)).toBe(true);
    expect(isAllowedWebhookAddress('10.0.0.1', true)).toBe(false);
  });

  it.each([
    ['https://localhost/hook', /resolves to/],
    ['https://127.0.0.1:8443/hook', /resolves to 127\.0\.0\.1/],
    ['https://[::1]/hook', /resolves to ::1/],
    ['https://169.254.169.254/latest/meta-data', /public internet address/],
    ['https://user:pass@93.184.215.14/hook', /user name or password/],
    ['http://93.184.215.14/hook', /must use https/],
    ['not a url', /not a valid URL/],
  ])('refuses the webhook URL %s before any request', async (url, message) => {
    await expect(assertWebhookTarget(url, false)).rejects.toThrow(message);
  });

  it('accepts plain http only to loopback, and only with the test setting', async () => {
    await expect(assertWebhookTarget('http://127.0.0.1:9/hook', true)).resolves.toBeUndefined();
    await expect(assertWebhookTarget('http://127.0.0.1:9/hook', false)).rejects.toThrow();
  });
});
