/**
 * What one job was given: the photo (a composite, or the before photo of a pair), the after
 * photo of a pair, and the clinic's logo for the end card.
 */
export type UploadPart = 'image' | 'after' | 'logo';

/** Private temporary files holding a job's uploads for the duration of that job only (DESIGN.md D13). */
export interface UploadFiles {
  /** Stores one part of a job's upload and returns its path. */
  write(videoId: string, bytes: Uint8Array, part?: UploadPart): Promise<string>;
  /** Where a part is (or would be) kept; the renderer reads it from there. */
  pathOf(videoId: string, part: UploadPart): string;
  /** Whether the job's photo (the `image` part) is still on disk. */
  exists(videoId: string): Promise<boolean>;
  /** Removes every part of the job's upload. */
  remove(videoId: string): Promise<void>;
  /** Ids of jobs with uploads on disk, to clean up after a crash. */
  list(): Promise<string[]>;
}
