import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from './binaries.ts';
import { isMoovBeforeMdat, readTopLevelBoxTypes } from './ffmpeg-mp4-boxes.ts';
import { probeVideo } from './ffprobe.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'glowreel-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** A box using the 64-bit "largesize" form (size field 1). */
function largeBox(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  return Buffer.concat([header, payload]);
}

/** A box with size 0: it runs to the end of the file. */
function openEndedBox(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

describe('readTopLevelBoxTypes', () => {
  it('walks 32-bit, 64-bit and to-the-end box sizes in file order', async () => {
    const file = path.join(dir, 'boxes.mp4');
    await writeFile(
      file,
      Buffer.concat([
        box('ftyp', Buffer.from('isom\0\0\0\0')),
        largeBox('mdat', Buffer.alloc(1000, 7)),
        box('free', Buffer.alloc(3)),
        openEndedBox('moov', Buffer.alloc(50)),
      ]),
    );
    const types = await readTopLevelBoxTypes(file);
    expect(types).toEqual(['ftyp', 'mdat', 'free', 'moov']);
    expect(isMoovBeforeMdat(types)).toBe(false);
    expect(isMoovBeforeMdat(['ftyp', 'moov', 'mdat'])).toBe(true);
    expect(isMoovBeforeMdat(['ftyp', 'mdat'])).toBe(false);
  });

  it('refuses a file whose box sizes make no sense', async () => {
    const file = path.join(dir, 'garbage.mp4');
    await writeFile(file, Buffer.from([0, 0, 0, 3, 0x61, 0x62, 0x63, 0x64, 0, 0, 0, 0]));
    await expect(readTopLevelBoxTypes(file)).rejects.toThrow(/not an MP4/);
  });
});

describe('probeVideo', () => {
  it('reports stream facts, tags and a moov placed after mdat when faststart is off', async () => {
    const file = path.join(dir, 'plain.mp4');
    await run(resolveFfmpegPath(), [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
      ...['-metadata', 'title=Plain', '-y', file],
    ]);
    const probe = await probeVideo(file);
    expect(probe).toMatchObject({
      codec: 'h264',
      profile: 'Main',
      pixFmt: 'yuv420p',
      width: 320,
      height: 240,
      fps: 25,
      frameCount: 50,
      moovBeforeMdat: false,
    });
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    expect(probe.tags.title).toBe('Plain');
  });

  it('says which file it could not read', async () => {
    const file = path.join(dir, 'not-a-video.mp4');
    await writeFile(file, 'hello');
    await expect(probeVideo(file)).rejects.toThrow(/ffprobe could not read .*not-a-video\.mp4/);
  });

  it('uses the ffprobe it is given', async () => {
    await expect(
      probeVideo(path.join(dir, 'plain.mp4'), path.join(dir, 'no-ffprobe')),
    ).rejects.toThrow(/ffprobe could not read/);
  });
});
