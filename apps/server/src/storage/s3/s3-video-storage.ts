import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { DownloadOptions, VideoStorage } from '../video-storage.ts';
import type { S3Objects } from './s3-objects.ts';

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.zip': 'application/zip',
};

/**
 * Finished videos, posters or export zips as objects under one prefix of the bucket
 * (`videos/<user>/<video>.mp4`, `exports/zips/<export>.zip`), with the same keys as the
 * data folder's files.
 */
export class S3VideoStorage implements VideoStorage {
  constructor(
    private readonly objects: S3Objects,
    private readonly prefix: 'videos/' | 'exports/',
    private readonly downloads: 'stream' | 'presigned',
  ) {}

  private keyFor(key: string): string {
    // Keys are built by the server; the same rule as on disk keeps both stores interchangeable.
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return `${this.prefix}${key}`;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const extension = /\.[a-z0-9]+$/.exec(key)?.[0] ?? '';
    await this.objects.putFile(this.keyFor(key), sourcePath, CONTENT_TYPES[extension]);
    // Stored: the local file was only the encoder's output (the disk store moves it likewise).
    await unlink(sourcePath);
  }

  async size(key: string): Promise<number | undefined> {
    return this.objects.size(this.keyFor(key));
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.objects.read(this.keyFor(key), range);
  }

  async delete(key: string): Promise<void> {
    return this.objects.delete(this.keyFor(key));
  }

  async directDownloadUrl(key: string, options: DownloadOptions): Promise<string | null> {
    if (this.downloads === 'stream') return null;
    return this.objects.presignedGetUrl(this.keyFor(key), options);
  }
}
