import { stateFor, windowOf, type RateLimiter, type RateLimitState } from './rate-limiter.ts';

export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, { window: number; count: number }>();

  hit(key: string, limit: number, now: Date): Promise<RateLimitState> {
    const { index, resetAt } = windowOf(now);
    const entry = this.counts.get(key);
    const count = entry && entry.window === index ? entry.count + 1 : 1;
    this.counts.set(key, { window: index, count });
    // Forget finished windows now and then, so idle accounts do not accumulate.
    if (this.counts.size > 10_000) {
      for (const [name, value] of this.counts) if (value.window < index) this.counts.delete(name);
    }
    return Promise.resolve(stateFor(count, limit, resetAt));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
