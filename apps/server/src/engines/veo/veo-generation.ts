import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationFailure } from './generation-failure.ts';
import type { VeoClient } from './veo-client.ts';
import { MalformedResponse, type VeoRequest } from './veo-wire.ts';

export interface GenerationTiming {
  /** The whole generation (submit, polls, download) must end within this. */
  timeoutMs: number;
  /** The first wait between polls; each next one is half again as long, up to 4×. */
  pollMs: number;
}

export interface GenerationWatch {
  /** Asked before each poll, and every few seconds between: the clinic asked to stop. */
  isCanceled: () => Promise<boolean>;
  /** Stage 2 once the request is sent, stage 3 while the model works, with a 0–1 share. */
  onProgress: (stage: 2 | 3, share: number) => void;
}

/**
 * Submit → poll with back-off → download, as one long-running operation with one deadline.
 * Ends with the clip at `outputPath`, or throws a GenerationFailure saying why (quota, safety,
 * provider failure, timeout, cancellation).
 */
export async function generateClip(
  client: Pick<VeoClient, 'submit' | 'poll' | 'download'>,
  request: VeoRequest,
  outputPath: string,
  timing: GenerationTiming,
  watch: GenerationWatch,
): Promise<{ operationName: string; polls: number }> {
  const started = Date.now();
  const deadline = AbortSignal.timeout(timing.timeoutMs);
  const timedOut = () =>
    new GenerationFailure(
      'generation_timed_out',
      `the Veo operation did not finish within ${Math.round(timing.timeoutMs / 1000)} s`,
    );
  try {
    watch.onProgress(2, 0);
    const operationName = await client.submit(request, deadline);
    watch.onProgress(2, 1);
    let polls = 0;
    let wait = timing.pollMs;
    for (;;) {
      await waitWatchingCancel(wait, deadline, watch.isCanceled);
      wait = Math.min(wait * 1.5, timing.pollMs * 4);
      polls += 1;
      const state = await client.poll(operationName, deadline);
      // The provider reports no progress of its own: the share is of the time allowed.
      watch.onProgress(3, Math.min(0.9, (Date.now() - started) / timing.timeoutMs));
      switch (state.state) {
        case 'running':
          continue;
        case 'quota':
          throw new GenerationFailure(
            'generation_quota_exceeded',
            'the Veo operation ran out of quota',
          );
        case 'refused':
          throw new GenerationFailure(
            'generation_refused',
            `the Veo safety filter refused the video (${state.category})`,
            state.category,
          );
        case 'failed':
          throw new GenerationFailure(
            'generation_failed',
            `the Veo operation failed: ${state.reason}`,
          );
        case 'succeeded':
          await client.download(state.videoUri, outputPath, deadline);
          watch.onProgress(3, 1);
          return { operationName, polls };
      }
    }
  } catch (error) {
    if (error instanceof GenerationFailure) throw error;
    if (deadline.aborted) throw timedOut();
    if (error instanceof MalformedResponse) {
      throw new GenerationFailure('generation_failed', error.message, null, { cause: error });
    }
    throw error;
  }
}

/** A cancel is seen within this long, however far apart the polls are. */
const CANCEL_CHECK_MS = 2000;

/** Waits `ms` (or until the deadline), asking every few seconds whether the clinic canceled. */
async function waitWatchingCancel(
  ms: number,
  deadline: AbortSignal,
  isCanceled: () => Promise<boolean>,
): Promise<void> {
  for (let left = ms; left > 0; left -= CANCEL_CHECK_MS) {
    await sleep(Math.min(left, CANCEL_CHECK_MS), undefined, { signal: deadline });
    if (await isCanceled()) {
      throw new GenerationFailure('generation_canceled', 'the clinic canceled the video');
    }
  }
}
