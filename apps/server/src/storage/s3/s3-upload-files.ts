import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  UPLOAD_LEFTOVER_AGE_MS,
  type UploadFiles,
  type UploadPart,
} from '../../services/upload-files.ts';
import type { S3Objects } from './s3-objects.ts';

const PREFIX = 'tmp/uploads/';
const PARTS: readonly UploadPart[] = ['image', 'after', 'logo'];
const SAFE_VIDEO_ID = /^[A-Za-z0-9-]+$/;

/**
 * A job's uploads as private temporary objects, `tmp/uploads/<video id>/<part>`, so any
 * server can render the job: the render fetches them into its scratch folder, and they are
 * deleted when the job ends in any way (or by the sweep, an hour on, if its process died).
 */
export class S3UploadFiles implements UploadFiles {
  readonly reach = 'every-server';

  constructor(
    private readonly objects: S3Objects,
    private readonly now: () => number = Date.now,
  ) {}

  private keyOf(videoId: string, part: UploadPart): string {
    if (!SAFE_VIDEO_ID.test(videoId)) throw new Error(`unsafe video id ${videoId}`);
    return `${PREFIX}${videoId}/${part}`;
  }

  async write(videoId: string, bytes: Uint8Array, part: UploadPart = 'image'): Promise<string> {
    const key = this.keyOf(videoId, part);
    await this.objects.putBytes(key, bytes);
    return key;
  }

  async localPathOf(videoId: string, part: UploadPart, scratchDir: string): Promise<string | null> {
    await mkdir(scratchDir, { recursive: true, mode: 0o700 });
    const target = path.join(scratchDir, `${part}.upload`);
    return (await this.objects.download(this.keyOf(videoId, part), target)) ? target : null;
  }

  async exists(videoId: string): Promise<boolean> {
    return (await this.objects.size(this.keyOf(videoId, 'image'))) !== undefined;
  }

  async remove(videoId: string): Promise<void> {
    await Promise.all(PARTS.map((part) => this.objects.delete(this.keyOf(videoId, part))));
  }

  /** Other servers may be uploading at any moment, at start too: only old objects count. */
  async listLeftovers(): Promise<string[]> {
    const cutoff = this.now() - UPLOAD_LEFTOVER_AGE_MS;
    return this.videoIdsOf((object) => object.lastModified.getTime() < cutoff);
  }

  listStored(): Promise<string[]> {
    return this.videoIdsOf(() => true);
  }

  private async videoIdsOf(isWanted: (object: { lastModified: Date }) => boolean) {
    const ids = (await this.objects.list(PREFIX))
      .filter(isWanted)
      .map((object) => object.key.slice(PREFIX.length).split('/')[0] ?? '');
    // An object put there by hand under another name is not ours to judge.
    return [...new Set(ids)].filter((id) => SAFE_VIDEO_ID.test(id));
  }
}
