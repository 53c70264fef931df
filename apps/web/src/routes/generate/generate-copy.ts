import { GENERATIVE_STAGE_NAMES, type EngineId } from '@glowreel/contracts';

// User-facing texts of /generate. The SPEC.md ones are quoted exactly (§4, §5, §8, §9);
// the server answers with the same wording (apps/server/src/services/video-copy.ts).
export const GENERATE_TEXT = {
  imageRequired: "Please upload a composite 'before and after' photo.",
  loginRequired: 'Please login to generate videos.',
  noCredits:
    "You don't have enough credits to generate a video. Please upgrade your plan or purchase more credits.",
  imageFailed: 'Failed to process the image. Please try a different one.',
  photoTooLarge: 'The photo is larger than 10 MB. Please upload a smaller image.',
  serverFailed: 'An error occurred while starting the video. Please try again.',
  networkFailed: 'Could not reach Glowreel. Please check your connection and try again.',
  consent: 'I confirm the patient has authorized marketing use of these photos.',
  // The server's words for the same refusal (apps/server/src/services/video-copy.ts).
  consentRequired:
    'Please confirm that the patient has authorized marketing use of these photos before generating a video.',
  slowRender: 'This can take a few minutes. Please keep this window open.',
  // SPEC §4 copy advice: a generation taking over 5 minutes should be refreshed and retried.
  stalledRender:
    'Still not finished after 5 minutes? Refresh the page and try again. A render that fails never costs a credit.',
  // Exactly what the built-in engine does (packages/engine/src/motion): nothing more.
  faceMotionNote:
    "The chosen photo's face moves by shifting its own pixels, never repainting skin: a head turn of about 15° to each side, a gentle smile, or raised brows for surprise. The other photo stays still apart from two natural blinks. Nothing ever moves the treated area of the after photo: an animation that would is not offered, and blinks are left out when the eyes were treated. A photo whose face is not found, or is too small to move well even in the close-up (under 96 px between the eyes in the video), stays still and your result says why. The live preview finds the faces too and shows the same motion; if your browser cannot load the face model, the preview plays without it and the render still adds it.",
  handGestureNote:
    'Circles the treated area you chose on the after face with a pulsing outline (no synthesized hands); without a face or a chosen area it circles where the two photos differ most. It plays alongside the face motion.',
  creditRefunded: 'Your credit was refunded: a failed render never costs a credit.',
  feedbackThanks: 'Thank you for your feedback!',
  feedbackDisclaimer: 'AI tools can make mistakes, so double-check them.',
} as const;

/** DESIGN.md D7: the built-in engine's four stages, in order (stage numbers are 1-based). */
export const STAGE_NAMES = [
  'Preparing Image',
  'Analyzing Faces',
  'Rendering Video',
  'Finalizing Result',
] as const;

/** DESIGN.md D7: the generative engine (issue #20) reports the SPEC's own stage names. */
export function stageNamesFor(engine: EngineId): readonly string[] {
  return engine === 'builtin' ? STAGE_NAMES : GENERATIVE_STAGE_NAMES;
}

/** The server's stage as a step of STAGE_NAMES (1-based, kept in range). */
export function stageNumber(stage: number): number {
  return Math.min(Math.max(Math.round(stage), 1), STAGE_NAMES.length);
}

/** SPEC §9 bad-feedback categories: the list the server checks feedback against. */
export { FEEDBACK_CATEGORIES } from '@glowreel/contracts';
export type { FeedbackCategoryName as FeedbackCategory } from '@glowreel/contracts';
