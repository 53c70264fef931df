import { writeSync } from 'node:fs';

/**
 * The steps of a video's life at which the crash tests kill the server (issue 15): each
 * names the moment just after what it says has happened.
 */
export const FREEZE_POINTS = [
  'before-reserve', // the upload is checked; nothing is written yet
  'after-temp-file', // the photo is in the temp folder; no credit moved
  'after-reserve', // inside the transaction: the credit is reserved, the record not yet written
  'after-record', // reservation and record committed; the job not yet queued
  'mid-render', // frames are being painted
  'after-encode', // the MP4 is encoded; nothing stored or recorded yet
  'after-finish', // the record says completed; the credit is still reserved
  'after-commit', // the credit is committed; the temp upload not yet removed
] as const;

export type FreezePoint = (typeof FREEZE_POINTS)[number];

/** Told when a job passes each step; does nothing outside the crash tests. */
export interface FreezeProbe {
  reached(point: FreezePoint): void;
}

export const NO_FREEZE: FreezeProbe = { reached: () => undefined };

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
