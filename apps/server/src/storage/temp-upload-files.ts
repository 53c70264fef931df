import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadFiles, UploadPart } from '../services/upload-files.ts';

const UPLOAD_SUFFIX = '.upload';
const PARTS: readonly UploadPart[] = ['image', 'after', 'logo'];

/**
 * Uploads live in a private folder (0700, files 0600) only while their job runs. The photo
 * keeps the plain `<id>.upload` name; other parts are `<id>.<part>.upload`.
 */
export class TempUploadFiles implements UploadFiles {
  constructor(private readonly folder: string) {}

  pathOf(videoId: string, part: UploadPart): string {
    if (!/^[A-Za-z0-9-]+$/.test(videoId)) throw new Error(`unsafe video id ${videoId}`);
    const name = part === 'image' ? videoId : `${videoId}.${part}`;
    return path.join(this.folder, `${name}${UPLOAD_SUFFIX}`);
  }

  async write(videoId: string, bytes: Uint8Array, part: UploadPart = 'image'): Promise<string> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const target = this.pathOf(videoId, part);
    await writeFile(target, bytes, { mode: 0o600, flag: 'wx' });
    return target;
  }

  async exists(videoId: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(videoId, 'image'))).isFile();
    } catch {
      return false;
    }
  }

  async remove(videoId: string): Promise<void> {
    await Promise.all(PARTS.map((part) => rm(this.pathOf(videoId, part), { force: true })));
  }

  async list(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const ids = names
      .filter((name) => name.endsWith(UPLOAD_SUFFIX))
      .map((name) => name.slice(0, -UPLOAD_SUFFIX.length).split('.')[0] ?? '');
    return [...new Set(ids)].filter((id) => id !== '');
  }
}
