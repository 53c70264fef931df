import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrandLogoFiles } from '../services/brand-logo-files.ts';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** Brand logos in the data folder beside the videos: a 0700 folder of 0600 files. */
export class LocalBrandLogoFiles implements BrandLogoFiles {
  constructor(private readonly folder: string) {}

  private pathFor(key: string): string {
    // Keys come from our own records, but a path never leaves the folder whatever a row says.
    if (!KEY_PATTERN.test(key)) throw new Error(`unsafe brand logo key ${key}`);
    return path.join(this.folder, `${key}.logo`);
  }

  async write(bytes: Uint8Array): Promise<string> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask; the folder must end up private all the same.
    await chmod(this.folder, 0o700);
    const key = crypto.randomUUID();
    await writeFile(this.pathFor(key), bytes, { mode: 0o600, flag: 'wx' });
    return key;
  }

  async read(key: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.pathFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }
}
