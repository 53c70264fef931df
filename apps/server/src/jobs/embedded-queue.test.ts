import { describe, expect, it } from 'vitest';
import { EmbeddedQueue } from './embedded-queue.ts';

/** A job that runs until the test finishes it. */
function heldJobs() {
  const finish = new Map<string, () => void>();
  const handler = (videoId: string) => new Promise<void>((resolve) => finish.set(videoId, resolve));
  return { handler, finish: (videoId: string) => finish.get(videoId)?.() };
}

describe('EmbeddedQueue stats', () => {
  it('counts waiting and running jobs and how long the first in line has waited', async () => {
    let now = 1_000;
    const jobs = heldJobs();
    const queue = new EmbeddedQueue(
      jobs.handler,
      1,
      () => undefined,
      () => now,
    );
    expect(queue.stats()).toEqual({ waiting: 0, active: 0, oldestWaitingMs: null });

    queue.enqueue('a');
    queue.enqueue('b');
    now += 500;
    queue.enqueue('c');
    now += 250;
    expect(queue.stats()).toEqual({ waiting: 2, active: 1, oldestWaitingMs: 750 });

    // 'b' starts; 'c', queued 250 ms ago, is now first in line.
    jobs.finish('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.stats()).toEqual({ waiting: 1, active: 1, oldestWaitingMs: 250 });

    jobs.finish('b');
    await new Promise((resolve) => setImmediate(resolve));
    jobs.finish('c');
    await queue.drain();
    expect(queue.stats()).toEqual({ waiting: 0, active: 0, oldestWaitingMs: null });
  });

  it('holds a job while it waits and while it runs, whether its run ends or crashes', async () => {
    const jobs = heldJobs();
    const crashes: string[] = [];
    const queue = new EmbeddedQueue(
      (videoId) => (videoId === 'b' ? Promise.reject(new Error('refused')) : jobs.handler(videoId)),
      1,
      (videoId) => crashes.push(videoId),
    );
    queue.enqueue('a');
    queue.enqueue('b');
    expect([queue.holds('a'), queue.holds('b'), queue.holds('c')]).toEqual([true, true, false]);
    jobs.finish('a');
    await queue.drain();
    expect(crashes).toEqual(['b']);
    expect([queue.holds('a'), queue.holds('b')]).toEqual([false, false]);
  });
});
