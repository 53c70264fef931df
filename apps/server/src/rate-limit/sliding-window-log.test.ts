import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busiestSpan } from '../testing/busiest-span.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { RedisSlidingWindowLog } from './redis-sliding-window-log.ts';
import { MemorySlidingWindowLog, type SlidingWindowLog } from './sliding-window-log.ts';

const WINDOW_MS = 60_000;
const LIMIT = 5;

/**
 * Bursts the issue measured (10 calls 77 ms apart), one straddling a minute's edge, steady
 * traffic, and bursts just before and after a window would have turned over.
 */
function attackTimes(): number[] {
  const times: number[] = [];
  const burst = (start: number) => {
    for (let call = 0; call < 10; call += 1) times.push(start + call * 77);
  };
  burst(0);
  burst(59_600);
  for (let at = 61_000; at < 240_000; at += 2_500) times.push(at);
  burst(299_900);
  burst(359_850);
  burst(360_010);
  return times;
}

async function acceptedTimes(
  logs: readonly SlidingWindowLog[],
  key: string,
  times: readonly number[],
): Promise<number[]> {
  const accepted: number[] = [];
  for (const [index, at] of times.entries()) {
    // Several logs (servers) take turns, as requests spread over a load balancer would.
    const log = logs[index % logs.length] as SlidingWindowLog;
    const hit = await log.hit(key, LIMIT, WINDOW_MS, at);
    if (hit.count <= LIMIT) accepted.push(at);
  }
  return accepted;
}

describe('in-memory sliding-window log', () => {
  it('never accepts more than the limit in any 60 s span, and accepts again once hits age out', async () => {
    const accepted = await acceptedTimes([new MemorySlidingWindowLog()], 'a', attackTimes());
    expect(busiestSpan(accepted)).toBe(LIMIT);
    // The first burst takes 5; the second gets a slot only once the first hit is 60 s old.
    expect(accepted.slice(0, 6)).toEqual([0, 77, 154, 231, 308, 60_062]);
  });

  it('says how long until a slot frees, and counts each key alone', async () => {
    const log = new MemorySlidingWindowLog();
    for (let call = 0; call < LIMIT; call += 1) await log.hit('a', LIMIT, WINDOW_MS, 1_000);
    expect(await log.hit('a', LIMIT, WINDOW_MS, 31_000)).toEqual({
      count: LIMIT + 1,
      retryInMs: 30_000,
    });
    expect((await log.hit('b', LIMIT, WINDOW_MS, 31_000)).count).toBe(1);
  });
});

describe('Redis sliding-window log', () => {
  // Keys of this run only: other tests and servers share this Redis (never flushed).
  const prefix = `test:ratelimit:${crypto.randomUUID()}:`;
  let first: RedisSlidingWindowLog;
  let second: RedisSlidingWindowLog;

  beforeAll(async () => {
    await ensureRedisRunning();
    first = new RedisSlidingWindowLog(TEST_REDIS_URL, prefix);
    second = new RedisSlidingWindowLog(TEST_REDIS_URL, prefix);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('never accepts more than the limit in any 60 s span, counted across two servers', async () => {
    const accepted = await acceptedTimes([first, second], 'shared', attackTimes());
    expect(busiestSpan(accepted)).toBe(LIMIT);
    expect(accepted.slice(0, 6)).toEqual([0, 77, 154, 231, 308, 60_062]);
  });

  it('answers the same retry time as the in-memory log', async () => {
    for (let call = 0; call < LIMIT; call += 1) await first.hit('retry', LIMIT, WINDOW_MS, 1_000);
    expect(await second.hit('retry', LIMIT, WINDOW_MS, 31_000)).toEqual({
      count: LIMIT + 1,
      retryInMs: 30_000,
    });
  });
});
