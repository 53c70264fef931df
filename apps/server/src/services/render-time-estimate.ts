import type { EngineId } from '@glowreel/contracts';
import type { VideosRepository } from '../db/videos.repository.ts';

/** How many of the latest renders of a size the estimate takes the median of. */
export const RECENT_RENDERS = 20;

/**
 * Before a size has any completed render here: docs/perf.md's first render of a process
 * (face model loading included) rounded up, with room for a face-motion animation — about
 * 4.4 s at 1080p and 2.7 s at 720p alone, 6–7 s with face motion.
 */
export const DEFAULT_RENDER_MS = { fullHd: 8_000, smaller: 5_000 } as const;

/** What Google documents for a Veo generation: from about 11 seconds to 6 minutes; 2 typical. */
export const TYPICAL_GENERATION_MS = 120_000;

export interface RenderTimeEstimateDependencies {
  videos: Pick<VideosRepository, 'recentRenderTimes' | 'countProcessingOwnedBy'>;
  /** The process whose queue a new job joins. */
  ownerId: string;
  /** How many renders this process runs at once. */
  concurrency: number;
}

export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * When a job just accepted should be ready (issue 18 §5): the renders queued or running ahead
 * of it on this process go through `concurrency` at a time, each taking what renders of its
 * size took lately (the median of the last RECENT_RENDERS, read from the database so it
 * survives restarts), and then its own render takes as long again.
 */
export class RenderTimeEstimate {
  constructor(private readonly deps: RenderTimeEstimateDependencies) {}

  async typicalRenderMs(size: { width: number; height: number }): Promise<number> {
    const measured = medianOf(await this.deps.videos.recentRenderTimes(size, RECENT_RENDERS));
    if (measured !== null) return measured;
    return size.width * size.height >= 1920 * 1080
      ? DEFAULT_RENDER_MS.fullHd
      : DEFAULT_RENDER_MS.smaller;
  }

  /**
   * `acceptedAt` is the new job's creation; it is itself one of the processing jobs. A
   * generative video (issue #20) adds the provider's typical generation time to its render.
   */
  async completionOf(job: {
    width: number;
    height: number;
    acceptedAt: Date;
    engine?: EngineId;
  }): Promise<Date> {
    const [renderMs, processing] = await Promise.all([
      this.typicalRenderMs(job),
      this.deps.videos.countProcessingOwnedBy(this.deps.ownerId),
    ]);
    const ahead = Math.max(0, processing - 1);
    const wavesBefore = Math.floor(ahead / Math.max(1, this.deps.concurrency));
    const generationMs = (job.engine ?? 'builtin') === 'builtin' ? 0 : TYPICAL_GENERATION_MS;
    return new Date(job.acceptedAt.getTime() + (wavesBefore + 1) * renderMs + generationMs);
  }
}
