import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadFiles } from '../services/upload-files.ts';

const UPLOAD_SUFFIX = '.upload';

/** Uploads live in a private folder (0700, files 0600) only while their job runs. */
export class TempUploadFiles implements UploadFiles {
  constructor(private readonly folder: string) {}

  private pathFor(videoId: string): string {
    if (!/^[A-Za-z0-9-]+$/.test(videoId)) throw new Error(`unsafe video id ${videoId}`);
    return path.join(this.folder, `${videoId}${UPLOAD_SUFFIX}`);
  }

  async write(videoId: string, bytes: Uint8Array): Promise<string> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const target = this.pathFor(videoId);
    await writeFile(target, bytes, { mode: 0o600, flag: 'wx' });
    return target;
  }

  async exists(videoId: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(videoId))).isFile();
    } catch {
      return false;
    }
  }

  async remove(videoId: string): Promise<void> {
    await rm(this.pathFor(videoId), { force: true });
  }

  async list(): Promise<string[]> {
    try {
      const names = await readdir(this.folder);
      return names
        .filter((name) => name.endsWith(UPLOAD_SUFFIX))
        .map((name) => name.slice(0, -UPLOAD_SUFFIX.length));
    } catch {
      return [];
    }
  }
}
