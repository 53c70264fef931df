import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfmpegPath } from './binaries.ts';
import { buildCompositionArgs, type CompositionSpec } from './generated-clip-args.ts';

const run = promisify(execFile);

export class CompositionError extends Error {
  readonly code = 'encoder_failed';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'CompositionError';
  }
}

/** Runs ffmpeg over the composition (template + generated clip + labels) into one MP4. */
export async function composeGeneratedClip(
  spec: CompositionSpec & { ffmpegPath: string | null },
): Promise<void> {
  await run(resolveFfmpegPath(spec.ffmpegPath ?? undefined), buildCompositionArgs(spec), {
    maxBuffer: 4 * 1024 * 1024,
  }).catch((error: unknown) => {
    const said = (error as { stderr?: string }).stderr?.trim().slice(-2000);
    throw new CompositionError(
      `ffmpeg could not compose the generated clip${said ? `: ${said}` : ''}`,
      {
        cause: error,
      },
    );
  });
}
