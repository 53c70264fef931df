import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { WebhooksRepository } from '../db/webhooks.repository.ts';
import { PrometheusMetrics } from '../metrics/prometheus-metrics.ts';
import { UrlSigner } from '../services/url-signer.ts';
import { WebhooksService } from '../services/webhooks.service.ts';
import { startWorker } from '../testing/queue-processes.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { killHard, type ServerUnderTest } from '../testing/server-under-test.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertDueDeliveries } from '../testing/webhook-deliveries.ts';
import { WebhookReceiver } from '../testing/webhook-receiver.ts';
import {
  attemptJobId,
  openWebhookAttemptQueue,
  WEBHOOK_DELIVERIES_QUEUE,
  type OpenedWebhookAttemptQueue,
} from './webhook-attempt-queue.ts';
import { NodeWebhookSender } from './webhook-sender.ts';

// Issue #19 §1: in scale mode each webhook delivery attempt is a BullMQ job on the machine's
// Redis (under a prefix of this test's own; never flushed), delayed for a retry.

const quiet = { warn: () => undefined };

async function until(what: string, isDone: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhook delivery attempts as jobs on Redis', () => {
  const prefix = `glowreel-test-${crypto.randomUUID()}`;
  let test: TestRuntime;
  let receiver: WebhookReceiver;
  let receiverUrl: string;
  /** A second process's own connection pool on the same PostgreSQL database. */
  let otherProcess: DatabaseHandle;
  let inspector: Queue;
  let opened: OpenedWebhookAttemptQueue[] = [];
  let workers: ServerUnderTest[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    await ensureRedisRunning();
    test = await openTestRuntime('postgres', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix });
    otherProcess = await openDatabase(test.config.database);
    receiver = new WebhookReceiver();
    receiverUrl = await receiver.start();
    inspector = new Queue(WEBHOOK_DELIVERIES_QUEUE, {
      connection: { url: TEST_REDIS_URL },
      prefix,
    });
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => killHard(worker)));
    await Promise.all(opened.map((queue) => queue.close()));
    workers = [];
    opened = [];
    receiver.received.length = 0;
    receiver.failuresLeft = 0;
  });
  afterAll(async () => {
    await inspector.obliterate({ force: true });
    await inspector.close();
    await receiver.stop();
    await otherProcess.close();
    await test.dispose();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** One process's webhook sending: the service and its queue, working jobs. */
  function openSender(db: Kysely<Database>, retryDelaysMs: readonly number[] = [60_000]) {
    const handle: { queue?: OpenedWebhookAttemptQueue } = {};
    const service = new WebhooksService({
      webhooks: new WebhooksRepository(db),
      consents: { findForVideo: () => Promise.resolve(undefined) },
      sender: new NodeWebhookSender({ allowLoopback: true, timeoutMs: 5_000 }),
      signer: new UrlSigner('test signing key', 600),
      publicUrl: 'http://127.0.0.1:3999',
      retryDelaysMs,
      metrics: new PrometheusMetrics(),
      get attemptQueue() {
        return handle.queue;
      },
      log: quiet,
    });
    const queue = openWebhookAttemptQueue(test.config, {
      worksJobs: true,
      deliverAttempt: (deliveryId, attempt) => service.deliverAttempt(deliveryId, attempt),
      log: quiet,
    });
    if (!queue) throw new Error('REDIS_URL is set: the queue must open');
    handle.queue = queue;
    opened.push(queue);
    return queue;
  }

  const deliveryRow = (id: string) =>
    test.runtime.database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('keeps a retry as a delayed job that another process sends once this one has stopped', async () => {
    const [id = ''] = await insertDueDeliveries(test.runtime, `${receiverUrl}/hook`, 1);
    receiver.failuresLeft = 1;
    const first = openSender(test.runtime.database.db, [3_000]);
    await first.add({ deliveryId: id, attempt: 1, at: new Date() });
    await until('the first attempt', async () => (await deliveryRow(id)).attempts === 1);
    await until(
      'the retry on Redis',
      async () => (await inspector.getJobState(attemptJobId(id, 2))) === 'delayed',
    );
    // This process stops before the retry is due; nothing of the retry is left in it.
    await first.close();
    expect(receiver.received).toHaveLength(1);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-webhook-worker-'));
    folders.push(dataDir);
    workers.push(
      await startWorker({
        DATABASE_URL:
          test.config.database.kind === 'postgres' ? test.config.database.connectionString : '',
        DATA_DIR: dataDir,
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        AUTH_SECRET: 'webhook-attempt-queue-test-secret-32-chars',
      }),
    );
    await until('the retry sent by the worker', async () => {
      return (await deliveryRow(id)).status === 'delivered';
    });
    expect(await deliveryRow(id)).toEqual({ status: 'delivered', attempts: 2 });
    expect(receiver.received.map((hook) => hook.headers['webhook-id'])).toEqual([id, id]);
  }, 180_000);

  it('sends each delivery once when two workers race for its jobs', async () => {
    const ids = await insertDueDeliveries(test.runtime, `${receiverUrl}/hook`, 10);
    const workersQueues = [
      openSender(test.runtime.database.db),
      openSender(otherProcess.db),
    ] as const;
    const queueEveryAttemptTwice = () =>
      Promise.all(
        ids.flatMap((deliveryId) =>
          workersQueues.map((queue) => queue.add({ deliveryId, attempt: 1, at: new Date() })),
        ),
      );
    await queueEveryAttemptTwice();
    await until('every delivery sent', async () => {
      const rows = await Promise.all(ids.map(deliveryRow));
      return rows.every((row) => row.status === 'delivered');
    });
    // The same attempts queued again after they were sent (a sweep that saw them due): the
    // jobs run again, in both workers, and send nothing.
    await queueEveryAttemptTwice();
    // This test's own jobs, not the whole queue: a job the last test's worker held when it was
    // killed stays active under the shared prefix until its lease runs out and a living worker
    // takes it back (up to two leases, a minute), which is BullMQ recovering it, not a send.
    await until('these attempts run again', async () => {
      const jobs = await Promise.all(ids.map((id) => inspector.getJob(attemptJobId(id, 1))));
      return jobs.every((job) => job === undefined);
    });
    const sent = receiver.received.map((hook) => String(hook.headers['webhook-id'])).sort();
    expect(sent).toEqual([...ids].sort());
    const rows = await Promise.all(ids.map(deliveryRow));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  }, 120_000);
});
