import { createRequire } from 'node:module';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const require = createRequire(import.meta.url);

/**
 * The ffmpeg to run: the operator's override (the server passes its FFMPEG_PATH setting — its config
 * module is the only reader of the environment) or the static build with libx264 that
 * @ffmpeg-installer ships. Not `ffmpeg-static`: it downloads at install time and breaks `npm install`
 * here (DESIGN.md §4).
 */
export function resolveFfmpegPath(override?: string | null): string {
  return isSet(override) ? override : ffmpegInstaller.path;
}

/**
 * The ffprobe to run: the caller's path, or the one `ffprobe-static` ships. Only tests and
 * scripts probe videos, so ffprobe-static is a development dependency (336 MB of binaries for
 * every OS kept out of a production install); a production caller passes a path.
 */
export function resolveFfprobePath(override?: string | null): string {
  if (isSet(override)) return override;
  try {
    // ffprobe-static ships no type declarations; its CommonJS export is `{ path: string }`.
    const ffprobeStatic = require('ffprobe-static') as { path: string };
    return ffprobeStatic.path;
  } catch (error) {
    throw new Error(
      'No ffprobe path was given and ffprobe-static (a development dependency) is not installed.',
      { cause: error },
    );
  }
}

/** An empty setting means "not configured", not "run the program called ''". */
function isSet(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value.trim() !== '';
}
