import { describe, expect, it } from 'vitest';
import { parseClipInfo } from './clip-info.ts';
import { buildCompositionArgs } from './generated-clip-args.ts';

const SPEC = {
  templatePath: 't.mp4',
  clipPath: 'c.mp4',
  overlayPath: 'o.png',
  outputPath: 'out.mp4',
  width: 1080,
  height: 1920,
  insertAtSeconds: 6.4,
  clipSeconds: 8,
  metadata: { comment: '{"engine":"veo"}', description: 'Generative motion' },
};

describe('the generated clip composition', () => {
  it('puts the clip, covering the frame with the label over every frame, before the end card', () => {
    const args = buildCompositionArgs(SPEC);
    const filter = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(filter).toContain('[head]trim=end=6.400');
    expect(filter).toContain('[tail]trim=start=6.400');
    expect(filter).toContain('trim=end=8.000');
    expect(filter).toContain('scale=1080:1920:force_original_aspect_ratio=increase,crop=1080:1920');
    expect(filter).toContain('[clip][2:v]overlay=0:0');
    expect(filter).toContain('[before][generated][after]concat=n=3:v=1:a=0');
    // The rate is set before the trims (after one, ffmpeg's fps filter pads the cut back).
    expect(filter.indexOf('fps=30')).toBeLessThan(filter.indexOf('trim'));
    expect(args).toContain('-an');
    expect(args).toContain('comment={"engine":"veo"}');
    expect(args.at(-1)).toBe('out.mp4');
  });

  it('refuses a clip with no place or no length', () => {
    expect(() => buildCompositionArgs({ ...SPEC, insertAtSeconds: 0 })).toThrow(RangeError);
    expect(() => buildCompositionArgs({ ...SPEC, clipSeconds: Number.NaN })).toThrow(RangeError);
  });
});

describe("ffmpeg's description of a clip", () => {
  it('reads duration, size, rate and whether it has sound', () => {
    const stderr = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:00:08.02, start: 0.000000, bitrate: 1830 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1280x720 [SAR 1:1 DAR 16:9], 1700 kb/s, 24 fps, 24 tbr, 12288 tbn, 48 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)
At least one output file must be specified`;
    expect(parseClipInfo(stderr)).toEqual({
      durationSeconds: 8.02,
      width: 1280,
      height: 720,
      fps: 24,
      hasAudio: true,
    });
    expect(() => parseClipInfo('clip.mp4: Invalid data found when processing input')).toThrow();
  });
});
