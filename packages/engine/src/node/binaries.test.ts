import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resolveFfmpegPath, resolveFfprobePath } from './binaries.ts';

describe('resolveFfmpegPath / resolveFfprobePath', () => {
  it('use the operator override when one is configured', () => {
    expect(resolveFfmpegPath('/opt/ffmpeg/bin/ffmpeg')).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(resolveFfprobePath('/opt/ffmpeg/bin/ffprobe')).toBe('/opt/ffmpeg/bin/ffprobe');
  });

  it.each([undefined, null, '', '  '])('fall back to the packaged binaries for %o', (override) => {
    expect(resolveFfmpegPath(override)).toMatch(/@ffmpeg-installer/);
    expect(resolveFfprobePath(override)).toMatch(/ffprobe-static/);
  });

  it('resolve packaged binaries that run, and an ffmpeg that has libx264', () => {
    const ffmpeg = execFileSync(resolveFfmpegPath(), ['-hide_banner', '-encoders'], {
      encoding: 'utf8',
    });
    expect(ffmpeg).toMatch(/libx264/);
    const ffprobe = execFileSync(resolveFfprobePath(), ['-version'], { encoding: 'utf8' });
    expect(ffprobe).toMatch(/^ffprobe version/);
  });
});
