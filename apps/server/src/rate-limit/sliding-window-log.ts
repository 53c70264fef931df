/** The state of one key after a hit. */
export interface SlidingWindowHit {
  /** Hits inside the window, this one included; limit + 1 when this one was refused. */
  count: number;
  /** Milliseconds until the oldest counted hit leaves the window (a slot frees up). */
  retryInMs: number;
}

/**
 * A sliding-window log: a hit at time t counts until t + window, and a hit is recorded only
 * while fewer than `limit` are counted, so no span of `window` ever holds more than `limit`
 * accepted hits. Fixed windows (what the stores of @fastify/rate-limit and
 * rate-limiter-flexible count) let twice the limit through around a window's edge.
 */
export interface SlidingWindowLog {
  hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<SlidingWindowHit>;
  close(): Promise<void>;
}

/** One process's log; the Redis one is shared by every server pointing at the same Redis. */
export class MemorySlidingWindowLog implements SlidingWindowLog {
  private readonly hits = new Map<string, number[]>();

  hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<SlidingWindowHit> {
    const counted = (this.hits.get(key) ?? []).filter((at) => at > nowMs - windowMs);
    const isAllowed = counted.length < limit;
    if (isAllowed) counted.push(nowMs);
    if (counted.length > 0) this.hits.set(key, counted);
    else this.hits.delete(key);
    if (this.hits.size > 10_000) this.forgetIdle(nowMs, windowMs);
    const oldest = counted[0] ?? nowMs;
    return Promise.resolve({
      count: isAllowed ? counted.length : limit + 1,
      retryInMs: Math.max(0, oldest + windowMs - nowMs),
    });
  }

  /** Keys whose every hit has left the window, so idle clients do not accumulate. */
  private forgetIdle(nowMs: number, windowMs: number): void {
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= nowMs - windowMs) this.hits.delete(key);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
