import {
  isRenderFailureCode,
  isSafetyCategory,
  renderFailureMessage,
  type RenderFailureCode,
} from '@glowreel/contracts';

/** Storing the finished files failed: the render itself had succeeded. */
export class VideoStorageFailure extends Error {
  constructor(cause: unknown) {
    super('storing the rendered video failed', { cause });
    this.name = 'VideoStorageFailure';
  }
}

/** The job's uploaded photo is gone (its record outlived the temp file). */
export class UploadMissing extends Error {
  constructor() {
    super('the uploaded photo is no longer available');
    this.name = 'UploadMissing';
  }
}

/** What the engine's ffmpeg adapter calls its failures (`EncoderError.code`). */
const ENCODER_FAILED = 'encoder_failed';

// The renderer reports four stages (DESIGN.md D7): Preparing Image (decode), Analyzing
// Faces, Rendering Video (frames painted and piped to ffmpeg), Finalizing (ffmpeg finishes,
// the poster). A failure is told by the stage it happened in, unless the error says better.
const BY_STAGE: Record<number, RenderFailureCode> = {
  1: 'photo_unreadable',
  2: 'face_analysis_failed',
  3: 'painting_failed',
  4: 'encoding_failed',
};

/** The stable code users and API clients see for a render that threw `error` at `stage`. */
export function renderFailureCodeOf(error: unknown, stage: number): RenderFailureCode {
  if (error instanceof VideoStorageFailure) return 'storage_failed';
  if (error instanceof UploadMissing) return 'photo_unavailable';
  if ((error as { code?: unknown } | null)?.code === ENCODER_FAILED) return 'encoding_failed';
  return BY_STAGE[stage] ?? 'render_failed';
}

/** A stored failure as users see it; codes from before failure codes read as the generic one. */
export function failureView(row: {
  id: string;
  status: string;
  error_code: string | null;
  /** A safety refusal's reason category (generative engine); absent or null otherwise. */
  safety_category?: string | null;
}): { code: RenderFailureCode; message: string } | null {
  if (row.status !== 'failed') return null;
  const code = isRenderFailureCode(row.error_code) ? row.error_code : 'render_failed';
  const category = isSafetyCategory(row.safety_category) ? row.safety_category : null;
  return { code, message: renderFailureMessage(code, row.id, category) };
}
