import type { Readable } from 'node:stream';

/** How a file is offered for download: its type, and the Content-Disposition naming it. */
export interface DownloadOptions {
  contentType: string;
  contentDisposition: string | null;
}

/**
 * Where finished videos, posters and export zips live: the data folder by default, an
 * S3-compatible bucket at scale (`S3_BUCKET`).
 */
export interface VideoStorage {
  /** Moves a finished file into storage under `key`: the source file is gone afterwards. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Undefined when nothing is stored under `key`. */
  size(key: string): Promise<number | undefined>;
  /** The file, or the inclusive byte range of it. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deleting a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived address the client may fetch the file from itself, when downloads are handed
   * to the storage (`S3_PUBLIC_DOWNLOADS=presigned`); null when the server streams them.
   */
  directDownloadUrl(key: string, options: DownloadOptions): Promise<string | null>;
}
