import type { Scene } from './scene.ts';
import { frameStateKey, frameStates } from './timeline.ts';

/** Consecutive frames that look the same: painted once, sent to the encoder `length` times. */
export interface FrameRun {
  firstFrame: number;
  length: number;
}

/**
 * The video's frames grouped into runs of identical ones. The opening hold, the pauses of
 * a head turn and the end card repeat a state for many frames; painting each run once
 * saves a full-frame paint per repeat.
 */
export function frameRuns(scene: Scene): FrameRun[] {
  const runs: FrameRun[] = [];
  let lastKey: string | undefined;
  for (const [frame, state] of frameStates(scene).entries()) {
    const key = frameStateKey(state);
    const current = runs.at(-1);
    if (current && key === lastKey) current.length += 1;
    else runs.push({ firstFrame: frame, length: 1 });
    lastKey = key;
  }
  return runs;
}
