import { Redis } from 'ioredis';
import type { SlidingWindowHit, SlidingWindowLog } from './sliding-window-log.ts';

/**
 * One sorted set per key (member = one hit, score = its time), trimmed, counted and added to
 * in one script so concurrent servers cannot both take the last slot.
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
else
  count = limit + 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local retry = 0
if oldest[2] then retry = tonumber(oldest[2]) + window - now end
return {count, retry}
`;

type HitCommand = (
  key: string,
  nowMs: number,
  windowMs: number,
  limit: number,
  member: string,
) => Promise<[number, number]>;

export class RedisSlidingWindowLog implements SlidingWindowLog {
  private readonly redis: Redis;

  /** `prefix` keeps one deployment's (or one test's) keys apart from any other's. */
  constructor(
    url: string,
    private readonly prefix = 'glowreel:ratelimit:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5_000 });
    this.redis.defineCommand('glowreelSlidingWindowHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(
    key: string,
    limit: number,
    windowMs: number,
    nowMs: number,
  ): Promise<SlidingWindowHit> {
    const command = (this.redis as unknown as { glowreelSlidingWindowHit: HitCommand })
      .glowreelSlidingWindowHit;
    // Two hits in the same millisecond must stay two members.
    const member = `${nowMs}:${crypto.randomUUID()}`;
    const [count, retryInMs] = await command.call(
      this.redis,
      this.prefix + key,
      nowMs,
      windowMs,
      limit,
      member,
    );
    return { count, retryInMs: Math.max(0, retryInMs) };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
