import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfprobePath } from './binaries.ts';
import { isMoovBeforeMdat, readTopLevelBoxTypes } from './ffmpeg-mp4-boxes.ts';

const run = promisify(execFile);

export interface VideoProbe {
  codec: string;
  /** e.g. "High", as ffprobe names H.264 profiles. */
  profile: string;
  pixFmt: string;
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  /** From the container's sample table, when it states one. */
  frameCount?: number;
  moovBeforeMdat: boolean;
  /** Container-level tags (where `-metadata` puts comment, description, …). */
  tags: Record<string, string>;
}

/** What a rendered MP4 really contains, for tests, the render job's self-check and diagnostics. */
export async function probeVideo(path: string, ffprobePath?: string | null): Promise<VideoProbe> {
  const { stdout } = await run(
    resolveFfprobePath(ffprobePath),
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: unknown) => {
    const said = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`ffprobe could not read ${path}${said ? `: ${said}` : ''}`, { cause: error });
  });
  const report = JSON.parse(stdout) as FfprobeReport;
  const video = report.streams?.find((stream) => stream.codec_type === 'video');
  if (!video) throw new Error(`${path} has no video stream`);
  const frameCount = Number(video.nb_frames);
  return {
    codec: video.codec_name ?? 'unknown',
    profile: video.profile ?? 'unknown',
    pixFmt: video.pix_fmt ?? 'unknown',
    width: video.width ?? 0,
    height: video.height ?? 0,
    fps: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate) ?? 0,
    durationSeconds: Number(report.format?.duration ?? video.duration ?? 0),
    ...(Number.isInteger(frameCount) && frameCount > 0 ? { frameCount } : {}),
    moovBeforeMdat: isMoovBeforeMdat(await readTopLevelBoxTypes(path)),
    tags: { ...report.format?.tags },
  };
}

/** The part of `ffprobe -print_format json -show_streams -show_format` we read. */
interface FfprobeReport {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    nb_frames?: string;
  }[];
  format?: { duration?: string; tags?: Record<string, string> };
}

/** ffprobe writes rates as fractions ("30/1", "30000/1001"); "0/0" means unknown. */
function parseRate(rate: string | undefined): number | undefined {
  const [numerator, denominator] = (rate ?? '').split('/').map(Number);
  if (!numerator || !denominator) return undefined;
  return numerator / denominator;
}
