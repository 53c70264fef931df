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
  // The generative engine (issue #20): every one of these is refunded too.
  'generation_quota_exceeded',
  'generation_refused',
  'generation_failed',
  'generation_timed_out',
  'generation_canceled',
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
  generation_quota_exceeded: 'Video generation quota exceeded. Please try again in a few minutes.',
  generation_refused:
    "the AI provider's safety filter refused to generate this video. Try another photo, or the built-in engine.",
  generation_failed:
    'the AI provider could not generate the video. Please try again in a few minutes, or use the built-in engine.',
  generation_timed_out:
    'the AI provider did not finish the video in time. Please try again in a few minutes, or use the built-in engine.',
  generation_canceled: 'you canceled this video.',
};

/** Failures of the generative engine, which pays with more than one credit. */
const GENERATIVE: ReadonlySet<RenderFailureCode> = new Set([
  'generation_quota_exceeded',
  'generation_refused',
  'generation_failed',
  'generation_timed_out',
  'generation_canceled',
]);

/** The safety filter's reasons, in the few categories a clinic can act on. */
export const SAFETY_CATEGORIES = [
  'children',
  'people or faces',
  'sexual content',
  'violence',
  'other content',
] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

export function isSafetyCategory(value: unknown): value is SafetyCategory {
  return typeof value === 'string' && (SAFETY_CATEGORIES as readonly string[]).includes(value);
}

export function isRenderFailureCode(value: unknown): value is RenderFailureCode {
  return typeof value === 'string' && (RENDER_FAILURE_CODES as readonly string[]).includes(value);
}

/**
 * The message for a failure; `reference` (the video's id) ties it to the server log. A safety
 * refusal names its reason category (issue #20); the quota message is the SPEC's own sentence.
 */
export function renderFailureMessage(
  code: RenderFailureCode,
  reference: string,
  safetyCategory: SafetyCategory | null = null,
): string {
  const refund = GENERATIVE.has(code) ? 'Your credits were refunded.' : 'Your credit was refunded.';
  if (code === 'generation_quota_exceeded') {
    return `${MESSAGES[code]} ${refund} Reference: ${reference}.`;
  }
  if (code === 'generation_refused') {
    const category = safetyCategory ?? 'other content';
    return `An error occurred: the AI provider's safety filter refused to generate this video (reason category: ${category}). Try another photo, or the built-in engine. ${refund} Reference: ${reference}.`;
  }
  return `An error occurred: ${MESSAGES[code]} ${refund} Reference: ${reference}.`;
}
