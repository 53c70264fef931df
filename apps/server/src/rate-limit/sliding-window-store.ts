import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SlidingWindowLog } from './sliding-window-log.ts';

/**
 * Plugs a sliding-window log into @fastify/rate-limit, which keeps doing the rest (keys,
 * per-route limits, headers, the 429): one limiter for sign-in, sign-up, demo requests and
 * API v1. Each route counts under its own prefix, as the plugin's own stores do.
 */
export function slidingWindowStore(
  log: SlidingWindowLog,
  now: () => number,
): FastifyRateLimitStoreCtor {
  class SlidingWindowStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      log.hit(this.prefix + key, max, timeWindow, now()).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.retryInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, with the route as routeInfo.
      const { method, url } =
        (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      // createRateLimit() limiters have no route; their keys carry their own namespace.
      const route = typeof url === 'string' ? `${String(method)}:${url}:` : '';
      return new SlidingWindowStore(undefined, route);
    }
  }
  return SlidingWindowStore;
}
