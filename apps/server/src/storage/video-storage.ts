import type { Readable } from 'node:stream';

/** Where finished videos and posters live: local disk by default, object storage at scale. */
export interface VideoStorage {
  /** Moves a finished file into storage under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  size(key: string): Promise<number | undefined>;
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
}
