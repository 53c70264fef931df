import { beforeAll, describe, expect, it } from 'vitest';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';

const MINUTE_START = new Date('2026-11-23T10:00:00.000Z');
const at = (seconds: number) => new Date(MINUTE_START.getTime() + seconds * 1000);

describe('in-memory rate limiter', () => {
  it('counts down within a minute, refuses past the limit and starts again next minute', async () => {
    const limiter = new MemoryRateLimiter();
    const states = [];
    for (let call = 0; call < 4; call += 1) states.push(await limiter.hit('a', 3, at(10 + call)));
    expect(states.map((state) => [state.remaining, state.isAllowed])).toEqual([
      [2, true],
      [1, true],
      [0, true],
      [0, false],
    ]);
    expect(states[0]?.resetAt).toBe(MINUTE_START.getTime() / 1000 + 60);
    expect((await limiter.hit('a', 3, at(61))).remaining).toBe(2);
    // Another account has its own count.
    expect((await limiter.hit('b', 3, at(20))).remaining).toBe(2);
  });
});

describe('Redis rate limiter', () => {
  beforeAll(ensureRedisRunning);

  it('shares one count between several servers', async () => {
    // Two limiters with their own connections stand for two server processes.
    const first = new RedisRateLimiter(TEST_REDIS_URL);
    const second = new RedisRateLimiter(TEST_REDIS_URL);
    const key = `test:${crypto.randomUUID()}`;
    try {
      const now = new Date();
      const results = [
        await first.hit(key, 3, now),
        await second.hit(key, 3, now),
        await first.hit(key, 3, now),
        await second.hit(key, 3, now),
      ];
      expect(results.map((state) => state.remaining)).toEqual([2, 1, 0, 0]);
      expect(results.map((state) => state.isAllowed)).toEqual([true, true, true, false]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
