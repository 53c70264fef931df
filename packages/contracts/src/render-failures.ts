// Why a render failed, as users, API clients and webhooks see it (issue #18 §6): a stable code
// and a plain message. What actually went wrong (paths, ffmpeg's output, stacks) goes to the
// server log only, under the video's id, which every message quotes as its reference.

export const RENDER_FAILURE_CODES = [
  'photo_unreadable',
  'face_analysis_failed',
  'painting_failed',
  'encoding_failed',
  'storage_failed',
  'photo_unavailable',
  'repeated_crash',
  'render_failed',
] as const;
export type RenderFailureCode = (typeof RENDER_FAILURE_CODES)[number];

// SPEC §8 words a failed generation "An error occurred: {message}"; each message here is the
// {message}, in words a clinic can act on.
const MESSAGES: Record<RenderFailureCode, string> = {
  photo_unreadable:
    'the photo could not be read for rendering. Export it again as JPEG or PNG and upload that.',
  face_analysis_failed:
    'the faces in the photo could not be analysed. Try again, or turn off automatic alignment.',
  painting_failed: 'the video frames could not be drawn. Please try again.',
  encoding_failed: 'the video could not be encoded. Please try again in a few minutes.',
  storage_failed: 'the finished video could not be saved. Please try again in a few minutes.',
  photo_unavailable:
    'the server restarted before this video finished and the photo was no longer available. Please generate it again.',
  repeated_crash:
    'this video stopped the server each time it was rendered, so it was not tried again. Try another photo or contact support.',
  render_failed: 'the video could not be rendered. Please try again.',
};

export function isRenderFailureCode(value: unknown): value is RenderFailureCode {
  return typeof value === 'string' && (RENDER_FAILURE_CODES as readonly string[]).includes(value);
}

/** The message for a failure; `reference` (the video's id) ties it to the server log. */
export function renderFailureMessage(code: RenderFailureCode, reference: string): string {
  return `An error occurred: ${MESSAGES[code]} Your credit was refunded. Reference: ${reference}.`;
}
