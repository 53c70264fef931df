import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_LEFTOVER_AGE_MS } from '../services/upload-files.ts';
import { TempUploadFiles } from './temp-upload-files.ts';

describe('temporary uploads in the data folder', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const uploadsIn = (now?: () => number) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-uploads-'));
    folders.push(folder);
    return new TempUploadFiles(folder, now);
  };

  it('lets the renderer read a part where it is, and answers null for a part never written', async () => {
    const uploads = uploadsIn();
    const videoId = crypto.randomUUID();
    const written = await uploads.write(videoId, Buffer.from('logo bytes'), 'logo');
    const found = await uploads.localPathOf(videoId, 'logo');
    expect(found).toBe(written);
    expect(readFileSync(found ?? '', 'utf8')).toBe('logo bytes');
    expect(await uploads.localPathOf(videoId, 'image')).toBeNull();
    expect(uploads.reach).toBe('this-machine');
  });

  it('counts every upload as a leftover at start, and only those over an hour old later', async () => {
    const videoId = crypto.randomUUID();
    const uploads = uploadsIn();
    await uploads.write(videoId, Buffer.from('photo'));
    await uploads.write(videoId, Buffer.from('after'), 'after');
    expect(await uploads.listLeftovers({ atStart: true })).toEqual([videoId]);
    expect(await uploads.listLeftovers({ atStart: false })).toEqual([]);
    const anHourOn = new TempUploadFiles(
      path.dirname(uploads.pathOf(videoId, 'image')),
      () => Date.now() + UPLOAD_LEFTOVER_AGE_MS + 5000,
    );
    expect(await anHourOn.listLeftovers({ atStart: false })).toEqual([videoId]);
  });
});
