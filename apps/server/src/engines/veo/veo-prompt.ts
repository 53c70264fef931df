import type { Aspect, EmphasisEffect, MotionSpeed, PrimaryAnimation } from '@glowreel/contracts';

// Issue #20: the prompt is built from the SPEC §9 options only (no free text reaches the
// model), and a fixed negative prompt asks the model not to change the patient.

// The clip starts from the after photo, so a "before" motion moves the after face the same way.
const MOTION: Record<PrimaryAnimation, string> = {
  animate_before_head_turn: 'The person slowly turns their head a little to one side and back',
  animate_after_head_turn: 'The person slowly turns their head a little to one side and back',
  animate_after_smile: 'The person gives a small, natural smile',
  animate_after_surprise: 'The person briefly raises their eyebrows, then relaxes',
};

const CAMERA: Record<EmphasisEffect, string> = {
  none: 'The camera stays still',
  subtle_zoom: 'The camera pushes in very slowly and slightly',
  hand_gesture: 'The camera stays still while a hand briefly gestures toward the face',
};

const PACE: Record<MotionSpeed, string> = {
  slow: 'Slow, calm movement',
  normal: 'Natural, unhurried movement',
  fast: 'Brisk but natural movement',
};

/** Fixed: every generative video asks the model not to alter the person. */
export const NEGATIVE_PROMPT =
  'changing the face, face shape or facial features, changing skin texture or skin tone, smoothing, retouching or beautifying skin, changing makeup, changing body shape or weight, aging or de-aging, a different person, morphing, distortion, text, captions, watermark';

export function buildVeoPrompt(options: {
  primaryAnimation: PrimaryAnimation;
  emphasisEffect: EmphasisEffect;
  motionSpeed: MotionSpeed;
}): string {
  return [
    'A short, realistic clinic portrait video of the person in this photo.',
    `${MOTION[options.primaryAnimation]}.`,
    `${CAMERA[options.emphasisEffect]}.`,
    `${PACE[options.motionSpeed]}.`,
    "Keep the person's face, features, skin and body exactly as in the photo; keep the lighting, background and framing.",
  ].join(' ');
}

/** Veo makes 16:9 or 9:16 only; a 1:1 video is composed (cover-cropped) from a 16:9 clip. */
export function veoAspectRatio(aspect: Aspect): '16:9' | '9:16' {
  return aspect === '9:16' ? '9:16' : '16:9';
}

/** Veo 3.1 makes 720p or 1080p; 1080p only at 8 seconds, which is what we ask for. */
export function veoResolution(size: { width: number; height: number }): '720p' | '1080p' {
  return Math.min(size.width, size.height) >= 1080 ? '1080p' : '720p';
}

export const VEO_DURATION_SECONDS = 8;
/** Image-to-video on the Gemini API takes adults only ("allow_adult"). */
export const VEO_PERSON_GENERATION = 'allow_adult';
