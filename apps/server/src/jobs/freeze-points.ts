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
  'after-finish', // inside the transaction: the record says completed, nothing committed yet
  'after-commit', // record and credit committed together; the temp upload not yet removed
] as const;

export type FreezePoint = (typeof FREEZE_POINTS)[number];

/** Told when a job passes each step; does nothing outside the crash tests. */
export interface FreezeProbe {
  reached(point: FreezePoint): void;
}

export const NO_FREEZE: FreezeProbe = { reached: () => undefined };
