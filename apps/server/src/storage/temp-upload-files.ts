import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  UPLOAD_LEFTOVER_AGE_MS,
  type UploadFiles,
  type UploadPart,
} from '../services/upload-files.ts';

const UPLOAD_SUFFIX = '.upload';
const PARTS: readonly UploadPart[] = ['image', 'after', 'logo'];

/**
 * Uploads live in a private folder (0700, files 0600) only while their job runs. The photo
 * keeps the plain `<id>.upload` name; other parts are `<id>.<part>.upload`.
 */
export class TempUploadFiles implements UploadFiles {
  readonly reach = 'this-machine';

  constructor(
    private readonly folder: string,
    private readonly now: () => number = Date.now,
  ) {}

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

  /** The renderer reads the part where it is: no copy. */
  async localPathOf(videoId: string, part: UploadPart): Promise<string | null> {
    const file = this.pathOf(videoId, part);
    return (await this.isFile(file)) ? file : null;
  }

  exists(videoId: string): Promise<boolean> {
    return this.isFile(this.pathOf(videoId, 'image'));
  }

  private async isFile(file: string): Promise<boolean> {
    try {
      return (await stat(file)).isFile();
    } catch {
      return false;
    }
  }

  async remove(videoId: string): Promise<void> {
    await Promise.all(PARTS.map((part) => rm(this.pathOf(videoId, part), { force: true })));
  }

  async listLeftovers(options: { atStart: boolean }): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const uploads = names.filter((name) => name.endsWith(UPLOAD_SUFFIX));
    const oldEnough = options.atStart ? uploads : await this.writtenBefore(uploads);
    const ids = oldEnough.map((name) => name.slice(0, -UPLOAD_SUFFIX.length).split('.')[0] ?? '');
    return [...new Set(ids)].filter((id) => id !== '');
  }

  /** Every upload in the folder, as at start. */
  listStored(): Promise<string[]> {
    return this.listLeftovers({ atStart: true });
  }

  private async writtenBefore(names: string[]): Promise<string[]> {
    const cutoff = this.now() - UPLOAD_LEFTOVER_AGE_MS;
    const old: string[] = [];
    for (const name of names) {
      try {
        if ((await stat(path.join(this.folder, name))).mtimeMs < cutoff) old.push(name);
      } catch {
        // Removed meanwhile by its job: not a leftover.
      }
    }
    return old;
  }
}
