import type { Config } from '../config.ts';

/**
 * How many video jobs a process runs at once. A render keeps a core busy for seconds; a
 * generative job (issue #20) mostly waits minutes for its provider, and holds its queue slot
 * all the while. With the generative engine on, the queue gets as many slots again, so waiting
 * generations do not hold the built-in renders back; the render worker pool (one per
 * RENDER_CONCURRENCY) still bounds the CPU work, lining up any render beyond it. Without
 * VEO_API_KEY nothing changes.
 */
export function jobSlotsFor(config: Pick<Config, 'render' | 'veo'>): number {
  return config.veo === null ? config.render.concurrency : 2 * config.render.concurrency;
}
