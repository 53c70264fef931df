import type { RenderFailureCode } from '@glowreel/contracts';

// Label values are few and fixed, so a series never multiplies per video, account or URL.

/** A render's size as the plans name it (DESIGN.md D3): its short side, "720p" or "1080p". */
export function sizeLabel(size: { width: number; height: number }): string {
  return `${Math.min(size.width, size.height)}p`;
}

/** "2xx", "4xx", "5xx"…: the class alone, so a rare status does not make a series of its own. */
export function statusClassLabel(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * The stage each failure code belongs to: the renderer's four (decode, faces, painting,
 * encoding), keeping the files (storage), the upload gone (upload), or a job recovery ended
 * (recovery). A Record, so a new failure code does not compile until it has its stage.
 */
const STAGE_OF_FAILURE: Record<RenderFailureCode, string> = {
  photo_unreadable: 'decode',
  face_analysis_failed: 'faces',
  painting_failed: 'painting',
  encoding_failed: 'encoding',
  storage_failed: 'storage',
  photo_unavailable: 'upload',
  repeated_crash: 'recovery',
  render_failed: 'unknown',
  // The generative engine's provider (issue #20).
  generation_quota_exceeded: 'provider',
  generation_refused: 'provider',
  generation_failed: 'provider',
  generation_timed_out: 'provider',
  generation_canceled: 'canceled',
};

export function failureStageLabel(code: RenderFailureCode): string {
  return STAGE_OF_FAILURE[code];
}

/** Requests no route matched (the SPA's deep links and 404s) share one label. */
export const UNMATCHED_ROUTE = 'unmatched';
