import type { FastifyInstance } from 'fastify';
import type { BillingService } from '../services/billing.service.ts';

/**
 * POST /api/stripe/webhook. Stripe signs the exact bytes it sent, so this route keeps the
 * raw body: its own scope replaces the JSON parser with one that hands over the buffer.
 */
export async function registerStripeWebhookRoutes(
  app: FastifyInstance,
  billing: BillingService,
): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    scope.post('/api/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await billing.handleWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      return { received: true };
    });
    done();
  });
}
