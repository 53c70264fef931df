import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { openWebhookWakeUps, type WebhookWakeUps } from './webhook-wake-ups.ts';

describe('webhook retries as delayed jobs on Redis', () => {
  const prefix = `glowreel-test-${crypto.randomUUID()}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-wake-'));
  let wakeUps: WebhookWakeUps | null;
  let passes = 0;

  beforeAll(async () => {
    await ensureRedisRunning();
    const config = loadConfig({ REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix }, folder);
    wakeUps = openWebhookWakeUps(config, {
      deliverDue: () => Promise.resolve(void (passes += 1)),
      log: { warn: () => undefined },
    });
  });
  afterAll(async () => {
    await wakeUps?.close();
    const cleaner = new Queue('webhook-retries', { connection: { url: TEST_REDIS_URL }, prefix });
    await cleaner.obliterate({ force: true });
    await cleaner.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs one delivery pass when a retry falls due, however often it was asked for', async () => {
    const due = new Date(Date.now() + 3_000);
    wakeUps?.wakeAt(due);
    wakeUps?.wakeAt(due);
    const inspector = new Queue('webhook-retries', { connection: { url: TEST_REDIS_URL }, prefix });
    try {
      let state = 'unknown';
      while (state === 'unknown') state = await inspector.getJobState(`due-${due.getTime()}`);
      // Kept in Redis until then: a restart in between loses nothing.
      expect(state).toBe('delayed');
      const deadline = Date.now() + 15_000;
      while (passes === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(passes).toBe(1);
    } finally {
      await inspector.close();
    }
  });

  it('is not opened without REDIS_URL: the poll alone sends retries', () => {
    expect(
      openWebhookWakeUps(loadConfig({}, folder), {
        deliverDue: () => Promise.resolve(),
        log: { warn: () => undefined },
      }),
    ).toBeNull();
  });
});
