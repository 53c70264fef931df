import { Redis } from 'ioredis';
import {
  RATE_LIMIT_WINDOW_SECONDS,
  stateFor,
  windowOf,
  type RateLimiter,
  type RateLimitState,
} from './rate-limiter.ts';

/** One counter per account and minute in Redis, so every server process counts together. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, limit: number, now: Date): Promise<RateLimitState> {
    const { index, resetAt } = windowOf(now);
    const name = `glowreel:ratelimit:${key}:${index}`;
    // INCR and EXPIRE together: the key can never be left without an expiry.
    const results = await this.redis
      .multi()
      .incr(name)
      .expire(name, RATE_LIMIT_WINDOW_SECONDS + 5)
      .exec();
    const count = Number(results?.[0]?.[1] ?? Number.NaN);
    if (!Number.isFinite(count)) throw new Error('Redis did not answer the rate-limit count');
    return stateFor(count, limit, resetAt);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
