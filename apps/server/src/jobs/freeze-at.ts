import { writeSync } from 'node:fs';
import type { FreezePoint, FreezeProbe } from './freeze-points.ts';

export const FROZEN_MARKER = 'frozen at';

/**
 * Tests only (config refuses it in production): at `point` the process prints a marker and
 * stops its main thread for good, so the test can SIGKILL it at exactly that step. Blocking
 * synchronously (not awaiting) freezes everything the main thread does, timers and database
 * replies included, so nothing moves on between the marker and the kill.
 */
export function freezeAt(point: FreezePoint): FreezeProbe {
  return {
    reached: (reachedPoint) => {
      if (reachedPoint !== point) return;
      writeSync(1, `${FROZEN_MARKER} ${point}\n`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    },
  };
}
