/**
 * The ffmpeg command line for raw frames on stdin (RGBA, or I420 already converted by
 * rgba-to-i420.ts) → H.264 MP4, as data (STYLE: build external commands as data; the adapter
 * in ffmpeg-encoder.ts only spawns it).
 */

export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';

/**
 * Chosen by measurement on the 2-core render host (240 frames, panning photo, CRF 20, CPU time):
 * veryfast 2.3 s at 720p / 5.3 s at 1080p, faster 5.0 / 11.7 s, fast 5.1 / 12.1 s. veryfast costs
 * under half the CPU; at CRF 20 its SSIM is 0.980 against 0.986 for faster — still visually clean
 * for an 8-second social clip. docs/perf.md has the table.
 */
export const DEFAULT_X264_PRESET: X264Preset = 'veryfast';
/** x264's visually-lossless range starts around 18; 20 keeps 1080p clips well under 1 MB. */
export const DEFAULT_CRF = 20;
/**
 * x264's sub-pixel motion refinement (veryfast uses 2). Measured on the product's own 1080p frames
 * (a fixture composite with head turn and zoom, 240 frames): subme 1 spends ~30% less encoder CPU
 * (3.4 s against 5.3 s) at the same SSIM (0.9969 both) for a file ~19% larger (584 KB against
 * 491 KB). Our frames are still photos moving slowly, so the finer search buys almost nothing.
 */
export const DEFAULT_X264_SUBME = 1;
export const DEFAULT_FPS = 30;

/**
 * Container tags the MP4 muxer actually writes. Anything else is dropped without a word (unless
 * `-movflags use_metadata_tags`, which players ignore), and losing the provenance record silently
 * would be a bug, so other keys are refused.
 */
export const MP4_METADATA_KEYS = [
  'title',
  'comment',
  'description',
  'copyright',
  'artist',
  'album',
  'genre',
  'date',
] as const;
export type Mp4MetadataKey = (typeof MP4_METADATA_KEYS)[number];

/** Linux refuses a single argv string over 128 KiB (MAX_ARG_STRLEN); stay well inside it. */
const MAX_METADATA_VALUE_CHARS = 60_000;

/**
 * What the frames on stdin are: `rgba` (ffmpeg converts them itself, on one thread ahead of
 * x264) or `yuv420p` (I420, BT.709 limited range — what rgba-to-i420.ts produces, passed to
 * x264 as it is).
 */
export type EncoderInputFormat = 'rgba' | 'yuv420p';

export interface EncoderSpec {
  width: number;
  height: number;
  outputPath: string;
  /** null/undefined = 'rgba'. */
  inputFormat?: EncoderInputFormat | null;
  /** null/undefined = DEFAULT_FPS. */
  fps?: number | null;
  preset?: X264Preset | null;
  /** 0–51, lower is better quality; null/undefined = DEFAULT_CRF. */
  crf?: number | null;
  /** x264 sub-pixel motion refinement, 0–11; null/undefined = DEFAULT_X264_SUBME. */
  subme?: number | null;
  /** Encoder threads; null/undefined = 0, x264's own choice (1.5 × cores). */
  threads?: number | null;
  /** Container tags; the provenance record goes into `comment` (JSON) and `description` (prose). */
  metadata?: Readonly<Partial<Record<Mp4MetadataKey, string>>> | null;
}

export function buildEncoderArgs(spec: EncoderSpec): string[] {
  const fps = spec.fps ?? DEFAULT_FPS;
  const crf = spec.crf ?? DEFAULT_CRF;
  const threads = spec.threads ?? 0;
  const subme = spec.subme ?? DEFAULT_X264_SUBME;
  const inputFormat = spec.inputFormat ?? 'rgba';
  assertFrameSize(spec.width, spec.height);
  assertInteger('fps', fps, 1, 120);
  assertInteger('crf', crf, 0, 51);
  assertInteger('threads', threads, 0, 64);
  assertInteger('subme', subme, 0, 11);
  if (spec.outputPath === '' || spec.outputPath.startsWith('-')) {
    // A leading '-' would be read as an option, not a file name.
    throw new RangeError(`outputPath must be a file path, got ${JSON.stringify(spec.outputPath)}`);
  }
  return [
    '-hide_banner',
    // Only errors reach stderr, so the tail we attach to a failure is the reason, not progress lines.
    '-loglevel',
    'error',
    // Input: headerless frames, so every property must be stated. -r before -i sets the input
    // frame rate (timestamps), not a conversion.
    ...['-f', 'rawvideo', '-pix_fmt', inputFormat, '-s', `${spec.width}x${spec.height}`],
    ...(inputFormat === 'yuv420p' ? INPUT_I420_COLOUR : []),
    ...['-r', String(fps), '-i', 'pipe:0'],
    ...(inputFormat === 'rgba' ? RGBA_TO_YUV_FILTER : []),
    ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', spec.preset ?? DEFAULT_X264_PRESET],
    ...['-crf', String(crf)],
    // Applied after the preset, so only this one setting departs from it.
    ...['-x264-params', `subme=${subme}`],
    // 4:2:0 is the only chroma layout Safari, QuickTime, Instagram and TikTok all play.
    ...['-pix_fmt', 'yuv420p'],
    // Tag what the filter produced, so decoders do not have to guess.
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-color_range', 'tv'],
    // moov before mdat: the browser can start playing (and seeking a ranged download) at once.
    ...['-movflags', '+faststart'],
    ...['-r', String(fps)],
    ...metadataArgs(spec.metadata ?? {}),
    ...['-threads', String(threads)],
    '-y',
    spec.outputPath,
  ];
}

/**
 * Environment for ffmpeg beyond the caller's: glibc malloc settings for I420 input. ffmpeg's
 * raw demuxer allocates every frame afresh (3 MB at 1080p), and glibc either mapped each one
 * or trimmed the heap after freeing it, so the kernel zeroed ~500 new pages per frame. Measured
 * with the bundled ffmpeg on 240 1080p frames (2-core host): 125,000 page faults and 2.2 s of
 * system CPU → 11,000 and 0.2 s, 3.2–3.6 s → 1.8–2.1 s wall, peak RSS unchanged (~230–250 MB).
 * For RGBA input the same settings made it slower (its frames go through swscale's pool), so
 * they are not set there. A build on another C library ignores these variables.
 */
export function buildEncoderEnvironment(
  spec: Pick<EncoderSpec, 'inputFormat'>,
): Record<string, string> {
  if ((spec.inputFormat ?? 'rgba') !== 'yuv420p') return {};
  return {
    // Above one frame's size (a 1080p I420 frame is 3 MB), so frames come from the heap …
    MALLOC_MMAP_THRESHOLD_: String(8 * 1024 * 1024),
    // … and a freed frame's memory stays there for the next one.
    MALLOC_TRIM_THRESHOLD_: String(32 * 1024 * 1024),
  };
}

/**
 * swscale converts RGB with the BT.601 matrix unless told otherwise, while players decode HD
 * video (and anything tagged as below) as BT.709: without this a skin tone of (224, 172, 140)
 * plays back as (227, 173, 136). An honest before/after must not change colour.
 */
const RGBA_TO_YUV_FILTER = ['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p'];
/** I420 frames from rgba-to-i420.ts are BT.709, limited range; said so, nothing converts them. */
const INPUT_I420_COLOUR = ['-colorspace', 'bt709', '-color_range', 'tv'];

function metadataArgs(metadata: Readonly<Record<string, string | undefined>>): string[] {
  const args: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined) continue;
    if (!(MP4_METADATA_KEYS as readonly string[]).includes(key)) {
      throw new RangeError(
        `metadata key "${key}" is not written to MP4 files; use one of ${MP4_METADATA_KEYS.join(', ')}`,
      );
    }
    if (value.includes('\0') || value.length > MAX_METADATA_VALUE_CHARS) {
      throw new RangeError(
        `metadata "${key}" must be under ${MAX_METADATA_VALUE_CHARS} characters without NUL bytes`,
      );
    }
    args.push('-metadata', `${key}=${value}`);
  }
  return args;
}

function assertFrameSize(width: number, height: number): void {
  assertInteger('width', width, 2, 8192);
  assertInteger('height', height, 2, 8192);
  // 4:2:0 stores one chroma sample per 2 × 2 block; libx264 refuses odd sizes.
  if (width % 2 !== 0 || height % 2 !== 0) {
    throw new RangeError(`frame size must be even for yuv420p, got ${width}x${height}`);
  }
}

function assertInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}
