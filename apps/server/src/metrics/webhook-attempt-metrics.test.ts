import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhooksRepository } from '../db/webhooks.repository.ts';
import { UrlSigner } from '../services/url-signer.ts';
import { WebhooksService } from '../services/webhooks.service.ts';
import { seriesValue } from '../testing/prometheus-text.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { createTestUser, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { WebhookReceiver } from '../testing/webhook-receiver.ts';
import { NodeWebhookSender } from '../webhooks/webhook-sender.ts';
import { PrometheusMetrics } from './prometheus-metrics.ts';

describe('webhook delivery attempts in the metrics', () => {
  let test: TestRuntime;
  const receiver = new WebhookReceiver();
  let receiverUrl = '';

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    receiverUrl = await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await test.dispose();
  });

  it('counts each attempt by outcome: delivered, retrying, given up', async () => {
    const metrics = new PrometheusMetrics();
    const repository = new WebhooksRepository(test.runtime.database.db);
    const webhooks = new WebhooksService({
      webhooks: repository,
      consents: { findForVideo: () => Promise.resolve(undefined) },
      sender: new NodeWebhookSender({ allowLoopback: true, timeoutMs: 5_000 }),
      signer: new UrlSigner('test signing key', 600),
      publicUrl: 'http://127.0.0.1:3999',
      // One retry, due at once: a second failure is the last.
      retryDelaysMs: [0],
      metrics,
      log: { warn: () => undefined },
    });
    const user = await createTestUser(test.runtime);
    const videoId = await insertVideoRow(test.runtime, user.id);
    const queueDelivery = () =>
      repository.insertDelivery({
        id: crypto.randomUUID(),
        userId: user.id,
        videoId,
        url: `${receiverUrl}/hook`,
        eventType: 'video.completed',
        payload: '{}',
        nextAttemptAt: new Date(Date.now() - 1_000),
      });

    // The first delivery is refused twice (retried, then given up); the second is taken.
    receiver.failuresLeft = 2;
    await queueDelivery();
    await webhooks.deliverDue();
    await webhooks.deliverDue();
    await queueDelivery();
    await webhooks.deliverDue();
    await webhooks.stop();

    const { body } = await metrics.exposition();
    const attempts = (outcome: string) =>
      seriesValue(body, 'glowreel_webhook_delivery_attempts_total', { outcome });
    expect(receiver.received).toHaveLength(3);
    expect([attempts('retrying'), attempts('given_up'), attempts('delivered')]).toEqual([1, 1, 1]);
  });
});
