import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { VideoStorage } from './video-storage.ts';

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export class LocalVideoStorage implements VideoStorage {
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    // Keys are built by the server, but never let one escape the storage folder.
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(this.root, key);
  }

  /**
   * Finished videos are patients' faces: only the server's own user may read them (0600 in
   * 0700 folders), whatever the umask and whatever mode the encoder gave its output file.
   */
  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathFor(key);
    await this.makePrivateFolders(path.dirname(target));
    try {
      await rename(sourcePath, target);
    } catch (error) {
      // Across file systems rename fails; copy then remove.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
    await chmod(target, 0o600);
  }

  /** mkdir's mode is filtered by the umask, so every folder from the root down is set after. */
  private async makePrivateFolders(folder: string): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const relative = path.relative(this.root, folder);
    let current = this.root;
    await chmod(current, 0o700);
    for (const part of relative === '' ? [] : relative.split(path.sep)) {
      current = path.join(current, part);
      await chmod(current, 0o700);
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathFor(key))).size;
    } catch {
      return undefined;
    }
  }

  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    // An unsafe key rejects like a storage error rather than throwing at the caller.
    return Promise.resolve().then(() => createReadStream(this.pathFor(key), range));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  /** The data folder is reached through the server only. */
  directDownloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
