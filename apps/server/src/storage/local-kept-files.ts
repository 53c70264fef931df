import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeptFiles } from '../services/kept-files.ts';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/**
 * Kept pictures in the data folder beside the videos: a 0700 folder of 0600 files, one folder
 * per kind (brand-logos/<key>.logo, profile-photos/<key>.photo).
 */
export class LocalKeptFiles implements KeptFiles {
  constructor(
    private readonly folder: string,
    private readonly extension: '.logo' | '.photo',
  ) {}

  private pathFor(key: string): string {
    // Keys come from our own records, but a path never leaves the folder whatever a row says.
    if (!KEY_PATTERN.test(key)) throw new Error(`unsafe kept file key ${key}`);
    return path.join(this.folder, `${key}${this.extension}`);
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
