import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedWebhookAddress, isLoopbackAddress } from './address-policy.ts';

export interface WebhookResponse {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookSender {
  post(url: string, body: string, headers: Record<string, string>): Promise<WebhookResponse>;
}

export class WebhookTargetError extends Error {
  override readonly name = 'WebhookTargetError';
}

/**
 * Refuses a URL the policy forbids, before any request: https only (plain http only to
 * loopback, and only when loopback is allowed for tests), and a host that resolves to public
 * addresses only.
 */
export async function assertWebhookTarget(rawUrl: string, allowLoopback: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookTargetError('webhook_url is not a valid URL.');
  }
  if (url.username || url.password) {
    throw new WebhookTargetError('webhook_url must not contain a user name or password.');
  }
  const addresses = await resolve(url.hostname);
  if (addresses.length === 0) {
    throw new WebhookTargetError(`The host ${url.hostname} of webhook_url does not resolve.`);
  }
  for (const address of addresses) {
    if (!isAllowedWebhookAddress(address, allowLoopback)) {
      throw new WebhookTargetError(
        `webhook_url must point to a public internet address; ${url.hostname} resolves to ${address}.`,
      );
    }
  }
  const isLoopbackTarget = addresses.every((address) => isLoopbackAddress(address));
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && allowLoopback && isLoopbackTarget)
  ) {
    throw new WebhookTargetError('webhook_url must use https.');
  }
}

function resolve(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return new Promise((done) =>
    dnsLookup(bare, { all: true }, (error, addresses: LookupAddress[]) =>
      done(error ? [] : addresses.map((entry) => entry.address)),
    ),
  );
}

/**
 * Posts with Node's http(s) client and checks the address at connect time too (a DNS answer
 * that changes after the check cannot sneak a private address in).
 */
export class NodeWebhookSender implements WebhookSender {
  constructor(private readonly options: { allowLoopback: boolean; timeoutMs: number }) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<WebhookResponse> {
    const started = Date.now();
    const finish = (statusCode: number | null, error: string | null): WebhookResponse => ({
      statusCode,
      error,
      durationMs: Date.now() - started,
    });
    try {
      await assertWebhookTarget(url, this.options.allowLoopback);
    } catch (error) {
      return finish(null, error instanceof Error ? error.message : String(error));
    }
    const guardedLookup: LookupFunction = (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: false }, (error, address, family) => {
        if (error) return callback(error, '', 0);
        const resolved = String(address);
        if (!isAllowedWebhookAddress(resolved, this.options.allowLoopback)) {
          return callback(new WebhookTargetError(`refused non-public address ${resolved}`), '', 0);
        }
        callback(null, resolved, family);
      });
    };
    const client = url.startsWith('https:') ? https : http;
    return new Promise((done) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          lookup: guardedLookup,
          timeout: this.options.timeoutMs,
        },
        (response) => {
          // Only the status matters; drain the body so the socket is released.
          response.resume();
          response.on('end', () => done(finish(response.statusCode ?? null, null)));
          response.on('error', (error) => done(finish(response.statusCode ?? null, error.message)));
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)),
      );
      request.on('error', (error) => done(finish(null, error.message)));
      request.end(body);
    });
  }
}
