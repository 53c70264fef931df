import { frameCount } from './build-scene.ts';
import type { Scene } from './scene.ts';
import { evaluate, frameStateKey } from './timeline.ts';

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
  const total = frameCount(scene);
  for (let frame = 0; frame < total; frame += 1) {
    const key = frameStateKey(evaluate(scene, frame / scene.fps));
    const current = runs.at(-1);
    if (current && key === lastKey) current.length += 1;
    else runs.push({ firstFrame: frame, length: 1 });
    lastKey = key;
  }
  return runs;
}
