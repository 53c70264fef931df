import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureRedisRunning, TEST_REDIS_URL } from '../../testing/redis-server.ts';
import type { VideoEvent } from '../progress-bus.ts';
import { RedisProgressBus } from './redis-progress-bus.ts';

describe('progress relayed over Redis', () => {
  const opened: RedisProgressBus[] = [];

  beforeAll(async () => {
    await ensureRedisRunning();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  async function open(prefix: string): Promise<RedisProgressBus> {
    const bus = new RedisProgressBus(TEST_REDIS_URL, prefix, () => undefined);
    opened.push(bus);
    await bus.open();
    return bus;
  }

  it("hands a worker's events to the API process watching that video, and only that video", async () => {
    const prefix = `glowreel-test-${crypto.randomUUID()}`;
    const worker = await open(prefix);
    const api = await open(prefix);
    const elsewhere = await open(`glowreel-test-${crypto.randomUUID()}`);
    const seen: VideoEvent[] = [];
    const unrelated: VideoEvent[] = [];
    api.subscribe('video-a', (event) => seen.push(event));
    api.subscribe('video-b', (event) => unrelated.push(event));
    elsewhere.subscribe('video-a', (event) => unrelated.push(event));

    const progress: VideoEvent = {
      type: 'progress',
      stage: 3,
      stageName: 'Rendering Video',
      progress: 40,
    };
    worker.publish('video-a', progress);
    worker.publish('video-a', { type: 'completed' });
    const deadline = Date.now() + 10_000;
    while (seen.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual([progress, { type: 'completed' }]);
    expect(unrelated).toEqual([]);
  });

  it('stops telling a listener once it unsubscribed', async () => {
    const prefix = `glowreel-test-${crypto.randomUUID()}`;
    const bus = await open(prefix);
    const seen: VideoEvent[] = [];
    const unsubscribe = bus.subscribe('video-a', (event) => seen.push(event));
    bus.publish('video-a', { type: 'completed' });
    const deadline = Date.now() + 10_000;
    while (seen.length < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    unsubscribe();
    bus.publish('video-a', { type: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(1);
  });
});
