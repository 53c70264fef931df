import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFfmpegPath, resolveFfprobePath } from './binaries.ts';

const manifest = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8'),
) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

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

  it('keep ffprobe-static (binaries for every OS) out of a production install', () => {
    expect(Object.keys(manifest.dependencies)).not.toContain('ffprobe-static');
    expect(Object.keys(manifest.devDependencies)).toContain('ffprobe-static');
  });
});
