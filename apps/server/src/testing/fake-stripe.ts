import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PORTAL_URL = 'https://billing.fake/p/1';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body Stripe's SDK sends, as flat bracketed keys. */
  form: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  cancelAtPeriodEnd?: boolean;
  periodStart: number;
  periodEnd: number;
  metadata?: Record<string, string>;
}

/**
 * A loopback stand-in for the few Stripe API calls Glowreel makes (stripe-mock is not
 * installable here). Tests set the "current" objects and read the requests the server sent.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly checkoutSessions = new Map<string, Record<string, unknown>>();
  readonly invoices = new Map<string, Record<string, unknown>>();
  private server: Server | undefined;
  private customerCount = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((entry) => entry.method === method && entry.path === path);
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, form });
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/customers') {
      this.customerCount += 1;
      return [200, { id: `cus_fake_${this.customerCount}`, object: 'customer' }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = { id: 'cs_fake_1', object: 'checkout.session' };
      return [200, { ...session, url: 'https://checkout.fake/c/cs_fake_1' }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [200, { id: 'bps_fake_1', object: 'billing_portal.session', url: PORTAL_URL }];
    }
    const id = path.split('/')[3] ?? '';
    if (method === 'GET' && path.startsWith('/v1/subscriptions/')) {
      return this.found(this.subscriptionJson(id));
    }
    if (method === 'GET' && path.startsWith('/v1/invoices/')) {
      return this.found(this.invoices.get(id));
    }
    if (method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      return this.found(this.checkoutSessions.get(path.split('/')[4] ?? ''));
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `No route ${method} ${path}` } },
    ];
  }

  private found(body: unknown): [number, unknown] {
    if (body === undefined) {
      return [404, { error: { type: 'invalid_request_error', message: 'No such object' } }];
    }
    return [200, body];
  }

  private subscriptionJson(id: string) {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return undefined;
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      cancel_at_period_end: subscription.cancelAtPeriodEnd ?? false,
      metadata: subscription.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: `si_${subscription.id}`,
            object: 'subscription_item',
            price: { id: subscription.priceId, object: 'price' },
            current_period_start: subscription.periodStart,
            current_period_end: subscription.periodEnd,
          },
        ],
      },
    };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
