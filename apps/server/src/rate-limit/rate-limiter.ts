/** The state of one account's window after counting a request. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When the window ends, in Unix seconds. */
  resetAt: number;
  isAllowed: boolean;
}

/**
 * Fixed one-minute windows per key. The in-memory limiter serves one process; the Redis one
 * shares the count between every server that points at the same Redis.
 */
export interface RateLimiter {
  hit(key: string, limit: number, now: Date): Promise<RateLimitState>;
  close(): Promise<void>;
}

export const RATE_LIMIT_WINDOW_SECONDS = 60;

export function windowOf(now: Date): { index: number; resetAt: number } {
  const seconds = Math.floor(now.getTime() / 1000);
  const index = Math.floor(seconds / RATE_LIMIT_WINDOW_SECONDS);
  return { index, resetAt: (index + 1) * RATE_LIMIT_WINDOW_SECONDS };
}

export function stateFor(count: number, limit: number, resetAt: number): RateLimitState {
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt,
    isAllowed: count <= limit,
  };
}
