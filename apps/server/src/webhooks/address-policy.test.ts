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
    // IPv4-compatible (::/96), as typed and as the URL parser rewrites it.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::a9fe:a9fe',
    '::192.168.1.1',
    // IPv4-mapped in hex, IPv4-translated, 6to4, NAT64 and Teredo forms.
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '::ffff:0:7f00:1',
    '::ffff:0:c0a8:101',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('refuses %s', (address) => {
    expect(isAllowedWebhookAddress(address, false)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
  ])('accepts public %s', (address) => {
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
    ['https://[::127.0.0.1]/hook', /resolves to ::7f00:1/],
    ['https://[::ffff:7f00:1]/hook', /resolves to ::ffff:7f00:1/],
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
