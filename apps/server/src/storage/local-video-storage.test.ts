import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalVideoStorage } from './local-video-storage.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('local video storage', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('writes finished videos 0600 in 0700 folders, whatever mode the encoder left', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'glowreel-storage-'));
    folders.push(work);
    const root = path.join(work, 'videos');
    const source = path.join(work, 'video.mp4');
    writeFileSync(source, 'mp4 bytes', { mode: 0o644 });
    const previousUmask = process.umask(0o022);
    try {
      await new LocalVideoStorage(root).putFile('user-1/video-1/video.mp4', source);
    } finally {
      process.umask(previousUmask);
    }
    expect(modeOf(path.join(root, 'user-1/video-1/video.mp4'))).toBe(0o600);
    expect(modeOf(path.join(root, 'user-1/video-1'))).toBe(0o700);
    expect(modeOf(path.join(root, 'user-1'))).toBe(0o700);
    expect(modeOf(root)).toBe(0o700);
  });
});
