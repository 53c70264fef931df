import { execFile } from 'node:child_process';
import { resolveFfmpegPath } from './binaries.ts';

/** What the generative engine needs to know of a provider's clip. */
export interface ClipInfo {
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
}

/**
 * Reads `ffmpeg -i`'s description of an input (ffprobe is a development tool here, not shipped
 * to production): "Duration: 00:00:08.00", the video stream's "1280x720" and "24 fps", and
 * whether an audio stream is present. Pure, so it is tested on ffmpeg's own wording.
 */
export function parseClipInfo(stderr: string): ClipInfo {
  const duration = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\S+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  const fps = /Stream #\S+.*?: Video: .*?([\d.]+) fps/.exec(stderr);
  if (!duration || !video) throw new Error('ffmpeg did not describe a video input');
  const [, hours = '0', minutes = '0', secs = '0'] = duration;
  return {
    durationSeconds: Number(hours) * 3600 + Number(minutes) * 60 + Number(secs),
    width: Number(video[1]),
    height: Number(video[2]),
    fps: fps ? Number(fps[1]) : 0,
    hasAudio: /Stream #\S+.*?: Audio: /.test(stderr),
  };
}

/** Describes a video file with ffmpeg alone (it exits non-zero without an output: expected). */
export function readClipInfo(filePath: string, ffmpegPath: string | null): Promise<ClipInfo> {
  return new Promise((resolve, reject) => {
    execFile(
      resolveFfmpegPath(ffmpegPath ?? undefined),
      ['-hide_banner', '-i', filePath],
      { maxBuffer: 1024 * 1024 },
      (_error, _stdout, stderr) => {
        try {
          resolve(parseClipInfo(stderr));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
}
