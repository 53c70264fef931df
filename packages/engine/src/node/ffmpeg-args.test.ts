import { describe, expect, it } from 'vitest';
import { buildEncoderArgs, buildEncoderEnvironment, type EncoderSpec } from './ffmpeg-args.ts';

const spec: EncoderSpec = { width: 1280, height: 720, outputPath: '/tmp/out/video.mp4' };

describe('buildEncoderArgs', () => {
  it('builds the full command for raw RGBA on stdin to a faststart H.264 High MP4', () => {
    expect(
      buildEncoderArgs({
        ...spec,
        metadata: { comment: '{"engine":"builtin"}', description: 'Camera moves only.' },
      }),
    ).toEqual([
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      '1280x720',
      '-r',
      '30',
      '-i',
      'pipe:0',
      '-vf',
      'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p',
      '-c:v',
      'libx264',
      '-profile:v',
      'high',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-x264-params',
      'subme=1',
      '-pix_fmt',
      'yuv420p',
      '-colorspace',
      'bt709',
      '-color_primaries',
      'bt709',
      '-color_trc',
      'bt709',
      '-color_range',
      'tv',
      '-movflags',
      '+faststart',
      '-r',
      '30',
      '-metadata',
      'comment={"engine":"builtin"}',
      '-metadata',
      'description=Camera moves only.',
      '-threads',
      '0',
      '-y',
      '/tmp/out/video.mp4',
    ]);
  });

  it('passes I420 input to x264 as it is, declared BT.709 limited range, with no conversion filter', () => {
    const args = buildEncoderArgs({ ...spec, inputFormat: 'yuv420p' });
    const input = args.slice(0, args.indexOf('pipe:0') + 1);
    expect(input).toEqual([
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-s',
      '1280x720',
      '-colorspace',
      'bt709',
      '-color_range',
      'tv',
      '-r',
      '30',
      '-i',
      'pipe:0',
    ]);
    expect(args).not.toContain('-vf');
    // The output side (codec, tags, faststart) is the same as for RGBA input.
    expect(args.slice(input.length)).toEqual(
      buildEncoderArgs(spec).slice(buildEncoderArgs(spec).indexOf('-c:v')),
    );
  });

  it('keeps glibc from handing I420 frames back to the kernel between frames, and only for I420', () => {
    expect(buildEncoderEnvironment({ inputFormat: 'yuv420p' })).toEqual({
      MALLOC_MMAP_THRESHOLD_: '8388608',
      MALLOC_TRIM_THRESHOLD_: '33554432',
    });
    expect(buildEncoderEnvironment({ inputFormat: 'rgba' })).toEqual({});
    expect(buildEncoderEnvironment({})).toEqual({});
  });

  it('treats null as the default for every option', () => {
    expect(
      buildEncoderArgs({
        ...spec,
        fps: null,
        preset: null,
        crf: null,
        subme: null,
        threads: null,
        metadata: null,
      }),
    ).toEqual(buildEncoderArgs(spec));
  });

  it('applies explicit preset, quality, frame rate, size and threads', () => {
    const args = buildEncoderArgs({
      width: 1080,
      height: 1920,
      outputPath: 'out.mp4',
      fps: 25,
      preset: 'fast',
      crf: 18,
      subme: 7,
      threads: 2,
    });
    expect(args.join(' ')).toContain('-s 1080x1920 -r 25 -i pipe:0');
    expect(args.join(' ')).toContain('-preset fast -crf 18 -x264-params subme=7');
    expect(args.join(' ')).toContain('-r 25 -threads 2 -y out.mp4');
    expect(args).not.toContain('-metadata');
  });

  it('keeps metadata values as single arguments, newlines and quotes included', () => {
    const comment = 'line one\nline "two" = ✓';
    const args = buildEncoderArgs({ ...spec, metadata: { comment } });
    expect(args[args.indexOf('-metadata') + 1]).toBe(`comment=${comment}`);
  });

  it('refuses metadata keys the MP4 muxer would silently drop', () => {
    const metadata = { provenance: '{}' } as unknown as EncoderSpec['metadata'];
    expect(() => buildEncoderArgs({ ...spec, metadata })).toThrow(/provenance.*not written/);
  });

  it('refuses metadata too long for one command-line argument', () => {
    expect(() => buildEncoderArgs({ ...spec, metadata: { comment: 'x'.repeat(70_000) } })).toThrow(
      /under 60000 characters/,
    );
  });

  it.each([
    [{ width: 1281 }, /even/],
    [{ height: 0 }, /height/],
    [{ width: 12.5 }, /width/],
    [{ crf: 52 }, /crf/],
    [{ fps: 0 }, /fps/],
    [{ threads: -1 }, /threads/],
    [{ subme: 12 }, /subme/],
    [{ outputPath: '-evil.mp4' }, /outputPath/],
    [{ outputPath: '' }, /outputPath/],
  ])('refuses %o', (override, message) => {
    expect(() => buildEncoderArgs({ ...spec, ...override })).toThrow(message);
  });
});
