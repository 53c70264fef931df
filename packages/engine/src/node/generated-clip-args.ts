import { DEFAULT_CRF, DEFAULT_FPS, DEFAULT_X264_PRESET } from './ffmpeg-args.ts';

// Issue #20: a generative clip placed inside our own template. The template's render (real
// photos, labels, end card, disclosure) is cut where its end card starts; the generated clip,
// covering the frame at the template's size and rate with the "AI-generated motion" overlay on
// every one of its frames, goes in between; the end card follows.

export interface CompositionSpec {
  /** The built-in template render (H.264, `fps`, no audio). */
  templatePath: string;
  /** The provider's clip: any size and rate (Veo: 720p or 1080p, 24 fps), audio or not. */
  clipPath: string;
  /** A transparent PNG of the frame's size: the labels drawn over every generated frame. */
  overlayPath: string;
  outputPath: string;
  width: number;
  height: number;
  /** Where the template's end card starts (s): the clip goes in there. */
  insertAtSeconds: number;
  /** How much of the clip to use (s): all of it, unless it runs longer than asked for. */
  clipSeconds: number;
  fps?: number;
  /** Written as the MP4's comment (the provenance) and description (its summary). */
  metadata: { comment: string; description: string };
}

const seconds = (value: number) => value.toFixed(3);

/** The ffmpeg argument list of one composition: a pure function of the spec. */
export function buildCompositionArgs(spec: CompositionSpec): string[] {
  const { width, height } = spec;
  const fps = spec.fps ?? DEFAULT_FPS;
  if (!(spec.insertAtSeconds > 0) || !(spec.clipSeconds > 0)) {
    throw new RangeError(
      `the clip needs a positive place and length, got ${spec.insertAtSeconds} s and ${spec.clipSeconds} s`,
    );
  }
  const at = seconds(spec.insertAtSeconds);
  const normalise = 'setsar=1,format=yuv420p';
  // The rate is set before any trim: ffmpeg's fps filter after a trim pads back to the
  // input's first timestamp (an 8 s template came out of a 1.6 s trim).
  const filter = [
    `[0:v]fps=${fps},split=2[head][tail]`,
    `[head]trim=end=${at},setpts=PTS-STARTPTS,${normalise}[before]`,
    // Cover, never letterbox: the clip fills the frame as the template's photos do; its
    // 24 fps become the template's rate by repeating frames (no invented in-between frames).
    `[1:v]fps=${fps},trim=end=${seconds(spec.clipSeconds)},setpts=PTS-STARTPTS,` +
      `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},${normalise}[clip]`,
    // The overlay is one still image: overlay repeats it for every frame of the clip.
    `[clip][2:v]overlay=0:0:format=auto,format=yuv420p[generated]`,
    `[tail]trim=start=${at},setpts=PTS-STARTPTS,${normalise}[after]`,
    `[before][generated][after]concat=n=3:v=1:a=0[out]`,
  ].join(';');
  return [
    '-hide_banner',
    ...['-loglevel', 'error'],
    '-y',
    ...['-i', spec.templatePath],
    ...['-i', spec.clipPath],
    ...['-i', spec.overlayPath],
    ...['-filter_complex', filter],
    ...['-map', '[out]'],
    // The provider's soundtrack is generated too, and our videos are made to be watched
    // silent (CREATIVE.md): it is left out rather than shipped unlabelled.
    '-an',
    ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', DEFAULT_X264_PRESET],
    ...['-crf', String(DEFAULT_CRF), '-pix_fmt', 'yuv420p', '-r', String(fps)],
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-color_range', 'tv'],
    ...['-movflags', '+faststart'],
    ...['-metadata', `comment=${spec.metadata.comment}`],
    ...['-metadata', `description=${spec.metadata.description}`],
    spec.outputPath,
  ];
}
