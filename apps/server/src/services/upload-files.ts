/**
 * What one job was given: the photo (a composite, or the before photo of a pair), the after
 * photo of a pair, and the clinic's logo for the end card.
 */
export type UploadPart = 'image' | 'after' | 'logo';

/** Uploads older than this whose video is no longer processing were left by a dead process. */
export const UPLOAD_LEFTOVER_AGE_MS = 60 * 60 * 1000;

/**
 * Private temporary files holding a job's uploads for the duration of that job only (DESIGN.md
 * D13): in this machine's data folder by default, under private temporary keys of the bucket
 * when storage is S3.
 */
export interface UploadFiles {
  /**
   * 'this-machine' when the uploads are in this server's own data folder, which one live
   * server holds at a time: an upload found there belongs to a process that is gone.
   * 'every-server' when every server reaches them (object storage): finding one says nothing
   * about whether its job's process lives.
   */
  readonly reach: 'this-machine' | 'every-server';
  /** Stores one part of a job's upload and returns where it is, for the video's record. */
  write(videoId: string, bytes: Uint8Array, part?: UploadPart): Promise<string>;
  /**
   * A local file the renderer can read the part from: where it already is, or a copy fetched
   * into `scratchDir` (removed with that folder). Null when the part is gone.
   */
  localPathOf(videoId: string, part: UploadPart, scratchDir: string): Promise<string | null>;
  /** Whether the job's photo (the `image` part) is still stored. */
  exists(videoId: string): Promise<boolean>;
  /** Removes every part of the job's upload; parts already gone are no error. */
  remove(videoId: string): Promise<void>;
  /**
   * Ids of jobs whose uploads may have outlived them. At start with uploads on this machine,
   * every one (nothing is being uploaded yet); otherwise those written more than
   * `UPLOAD_LEFTOVER_AGE_MS` ago. The caller keeps those whose video is still processing.
   */
  listLeftovers(options: { atStart: boolean }): Promise<string[]>;
  /** Ids of every job with an upload stored now, whatever its age. */
  listStored(): Promise<string[]>;
}
