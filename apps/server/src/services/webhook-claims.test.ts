import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { WebhooksRepository } from '../db/webhooks.repository.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertDueDeliveries } from '../testing/webhook-deliveries.ts';
import { WebhookReceiver } from '../testing/webhook-receiver.ts';
import { NodeWebhookSender } from '../webhooks/webhook-sender.ts';
import { PrometheusMetrics } from '../metrics/prometheus-metrics.ts';
import { UrlSigner } from './url-signer.ts';
import { WebhooksService, type WebhookAttemptQueue } from './webhooks.service.ts';

const quiet = { warn: () => undefined };

function senderOn(
  repository: WebhooksRepository,
  now?: () => Date,
  attemptQueue?: WebhookAttemptQueue,
): WebhooksService {
  return new WebhooksService({
    webhooks: repository,
    // These tests' events are about delivery, not content: their videos have no consent.
    consents: { findForVideo: () => Promise.resolve(undefined) },
    sender: new NodeWebhookSender({ allowLoopback: true, timeoutMs: 5_000 }),
    signer: new UrlSigner('test signing key', 600),
    publicUrl: 'http://127.0.0.1:3999',
    now,
    metrics: new PrometheusMetrics(),
    attemptQueue,
    log: quiet,
  });
}

describe.each(DATABASE_KINDS)('webhook delivery claims on %s', (kind) => {
  let test: TestRuntime;
  let receiver: WebhookReceiver;
  let receiverUrl: string;
  /** A second server's own connection pool on the same PostgreSQL database. */
  let otherServer: DatabaseHandle | undefined;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    if (test.config.database.kind === 'postgres')
      otherServer = await openDatabase(test.config.database);
    receiver = new WebhookReceiver();
    receiverUrl = await receiver.start();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver.stop();
    await otherServer?.close();
    await test.dispose();
  });

  const queueDeliveries = (count: number) =>
    insertDueDeliveries(test.runtime, `${receiverUrl}/hook`, count);

  const deliveredIds = () =>
    receiver.received.map((hook) => String(hook.headers['webhook-id'])).sort();

  it('sends each due delivery exactly once when two senders work at the same time', async () => {
    const ids = await queueDeliveries(12);
    const first = senderOn(new WebhooksRepository(test.runtime.database.db));
    // On PostgreSQL the second sender is another server's pool; PGlite has one process.
    const second = senderOn(new WebhooksRepository((otherServer ?? test.runtime.database).db));
    await Promise.all([first.deliverDue(), second.deliverDue()]);
    await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(deliveredIds()).toEqual([...ids].sort());
    const rows = await test.runtime.database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'claimed_until'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.claimed_until === null)).toBe(true);
  });

  it('leaves a delivery claimed by another server alone until its lease runs out', async () => {
    const [id] = await queueDeliveries(1);
    const repository = new WebhooksRepository(test.runtime.database.db);
    // A server claims it and dies before sending.
    const claimedAt = new Date();
    const leaseUntil = new Date(claimedAt.getTime() + 60_000);
    const claimed = await repository.claimDue(claimedAt, leaseUntil, 10);
    expect(claimed.map((row) => row.id)).toEqual([id]);

    await senderOn(repository).deliverDue();
    expect(deliveredIds()).toEqual([]);

    const afterLease = () => new Date(leaseUntil.getTime() + 1_000);
    await senderOn(repository, afterLease).deliverDue();
    expect(deliveredIds()).toEqual([id]);
  });

  type QueuedAttempt = Parameters<WebhookAttemptQueue['schedule']>[0];
  const recordingQueue = (queued: QueuedAttempt[]): WebhookAttemptQueue => ({
    schedule: (job) => void queued.push(job),
  });

  it('with a queue, queues each due delivery as its next attempt instead of sending it', async () => {
    const [id = ''] = await queueDeliveries(1);
    const queued: QueuedAttempt[] = [];
    const repository = new WebhooksRepository(test.runtime.database.db);
    await senderOn(repository, undefined, recordingQueue(queued)).deliverDue();
    expect(deliveredIds()).toEqual([]);
    expect(queued.filter((job) => job.deliveryId === id)).toEqual([
      { deliveryId: id, attempt: 1, at: expect.any(Date) as Date },
    ]);
  });

  it('queues the retry of a refused attempt as the next attempt, due when the retry is', async () => {
    const [id = ''] = await queueDeliveries(1);
    receiver.failuresLeft = 1;
    const queued: QueuedAttempt[] = [];
    const repository = new WebhooksRepository(test.runtime.database.db);
    const service = senderOn(repository, undefined, recordingQueue(queued));
    expect(await service.deliverAttempt(id, 1)).toBe('sent');
    const row = await test.runtime.database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'next_attempt_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queued).toEqual([{ deliveryId: id, attempt: 2, at: row.next_attempt_at }]);
    // The job for an attempt already made, or for one not yet due, sends nothing.
    expect(await service.deliverAttempt(id, 1)).toBe('not-due');
    expect(await service.deliverAttempt(id, 2)).toBe('not-due');
    expect(receiver.received).toHaveLength(1);
  });

  it('sends an attempt once when two workers run its job at the same time', async () => {
    const ids = await queueDeliveries(8);
    const first = senderOn(new WebhooksRepository(test.runtime.database.db));
    const second = senderOn(new WebhooksRepository((otherServer ?? test.runtime.database).db));
    const outcomes = await Promise.all(
      ids.flatMap((id) => [first.deliverAttempt(id, 1), second.deliverAttempt(id, 1)]),
    );
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(ids.length);
    expect(deliveredIds()).toEqual([...ids].sort());
  });
});
