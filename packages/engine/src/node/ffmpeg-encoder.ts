import { spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { rm } from 'node:fs/promises';
import { buildEncoderArgs, buildEncoderEnvironment, type EncoderSpec } from './ffmpeg-args.ts';
import { createStderrTail } from './ffmpeg-stderr-tail.ts';
import { i420FrameBytes } from './rgba-to-i420.ts';

export interface Encoder {
  /** ffmpeg's process id, for logs (undefined if it could not be started). */
  readonly pid: number | undefined;
  /** Bytes every frame must have: width × height × 4 for RGBA, × 3 / 2 for I420. */
  readonly frameBytes: number;
  /**
   * Sends one frame in the spec's input format. Resolves once ffmpeg's pipe has taken all of it, so a slow encoder holds
   * the renderer back (backpressure) and the caller may then reuse the buffer — the canvas
   * renderer hands us its live pixel memory. Rejects if ffmpeg has died.
   */
  write(frame: Uint8Array | Uint8ClampedArray): Promise<void>;
  /** Ends the input and waits for ffmpeg to write the file; rejects with ffmpeg's own words otherwise. */
  finish(): Promise<void>;
  /** Kills ffmpeg and deletes the partial file. Does nothing once finish() has succeeded. */
  abort(): void;
  /** Settles (never rejects) when ffmpeg has exited and any partial file is gone. */
  readonly closed: Promise<void>;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  spawnError?: Error;
}

/**
 * ffmpeg runs this much below the thread that starts it (Linux niceness, added to the caller's,
 * at most 19), and so below the threads that paint its frames. With both at the same priority,
 * x264's threads took the cores from the one paint worker feeding them and then waited for its
 * frames: on the 2-core host a 1080p render took 4.4–4.9 s at niceness 0 and 3.4–4.0 s at 10 in
 * one window (a longer alternation, docs/perf.md, shows 5% in the median). The encoder still
 * gets every cycle the painters leave, and the server's own threads come before it.
 */
export const DEFAULT_ENCODER_NICENESS = 10;

export interface EncoderOptions extends EncoderSpec {
  ffmpegPath: string;
  /** Added to the caller's niceness; null/undefined = DEFAULT_ENCODER_NICENESS, 0 = the caller's. */
  niceness?: number | null;
}

/** ffmpeg failed or could not start; `code` lets callers tell it from a painting failure. */
export class EncoderError extends Error {
  override readonly name = 'EncoderError';
  readonly code = 'encoder_failed';
}

export function startEncoder(spec: EncoderOptions): Encoder {
  const args = buildEncoderArgs(spec);
  const niceness = spec.niceness ?? DEFAULT_ENCODER_NICENESS;
  if (!Number.isInteger(niceness) || niceness < 0 || niceness > 19) {
    throw new RangeError(`niceness must be an integer from 0 to 19, got ${niceness}`);
  }
  const frameBytes =
    (spec.inputFormat ?? 'rgba') === 'rgba'
      ? spec.width * spec.height * 4
      : i420FrameBytes(spec.width, spec.height);
  const stderr = createStderrTail();
  const child = spawn(spec.ffmpegPath, args, {
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, ...buildEncoderEnvironment(spec) },
  });
  lowerPriority(child.pid, niceness);
  let state: 'encoding' | 'finishing' | 'done' | 'aborted' = 'encoding';
  let exit: Exit | undefined;

  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  // When ffmpeg dies the pipe reports EPIPE; the exit below carries the real reason.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<Exit>((resolve) => {
    child.once('error', (spawnError) => resolve({ code: null, signal: null, spawnError }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  }).then((result) => (exit ??= result));
  const closed = exited
    .then(async (result) => {
      // After abort() even a clean exit is unwanted: closing stdin can let ffmpeg finish a short file.
      if (state === 'aborted' || !isSuccess(result)) await rm(spec.outputPath, { force: true });
    })
    // Nobody has to await `closed`, so it must never become an unhandled rejection.
    .catch(() => undefined);
  /** Rejects as soon as ffmpeg is gone, for racing against a write. */
  const death = (): Promise<never> => exited.then((result) => Promise.reject(failureOf(result)));

  function failureOf(result: Exit): Error {
    if (state === 'aborted') return new EncoderError('The video encoder was aborted.');
    const where = `while encoding ${spec.outputPath}`;
    if (result.spawnError) {
      return new EncoderError(
        `Could not start ffmpeg at ${spec.ffmpegPath} (${result.spawnError.message}); check the FFMPEG_PATH setting.`,
        { cause: result.spawnError },
      );
    }
    const how = result.signal
      ? `was killed by ${result.signal}`
      : `exited with code ${result.code}`;
    const said = stderr.text();
    return new EncoderError(
      `ffmpeg ${how} ${where}${said ? `: ${said}` : ' (it printed nothing)'}`,
    );
  }

  return {
    pid: child.pid,
    frameBytes,
    closed,
    async write(frame) {
      if (frame.byteLength !== frameBytes) {
        // A short or long frame would shear every frame after it, so refuse it loudly.
        throw new RangeError(`frame has ${frame.byteLength} bytes, expected ${frameBytes}`);
      }
      if (state !== 'encoding') {
        throw new Error(
          state === 'aborted' ? 'The video encoder was aborted.' : 'write() after finish()',
        );
      }
      if (exit) throw failureOf(exit);
      const chunk = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
      const flushed = new Promise<void>((resolve, reject) => {
        // The callback fires once the whole chunk has been handed to the pipe — for a frame-sized
        // chunk that is the moment 'drain' is emitted — so awaiting it is the backpressure, and it
        // also guarantees Node no longer holds a reference to the caller's buffer.
        child.stdin.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
      // If the pipe broke, report why ffmpeg died rather than "EPIPE".
      await Promise.race([flushed.catch(async () => death()), death()]);
    },
    async finish() {
      if (state !== 'encoding') throw new Error(`finish() while the encoder is ${state}`);
      state = 'finishing';
      child.stdin.end();
      const result = await exited;
      if (!isSuccess(result)) {
        await closed;
        throw failureOf(result);
      }
      state = 'done';
    },
    abort() {
      if (state === 'done' || state === 'aborted') return;
      state = 'aborted';
      child.kill('SIGKILL');
      // Fails any write still waiting on the pipe now rather than when the process is reaped.
      child.stdin.destroy();
    },
  };
}

/**
 * Linux keeps a niceness per thread and a new thread takes its creator's, so this is set on
 * ffmpeg's first thread before it has read a frame, which is before it starts any other.
 */
function lowerPriority(pid: number | undefined, niceness: number): void {
  if (pid === undefined || niceness === 0) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + niceness));
  } catch {
    // ffmpeg is already gone: its exit is reported with the reason by write() and finish().
  }
}

function isSuccess(result: Exit): boolean {
  return result.code === 0 && !result.spawnError;
}
