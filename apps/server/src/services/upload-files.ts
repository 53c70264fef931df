/** Private temporary files holding an upload for the duration of its job only (DESIGN.md D13). */
export interface UploadFiles {
  write(videoId: string, bytes: Uint8Array): Promise<string>;
  exists(videoId: string): Promise<boolean>;
  remove(videoId: string): Promise<void>;
  /** Ids of uploads on disk, to clean up after a crash. */
  list(): Promise<string[]>;
}
