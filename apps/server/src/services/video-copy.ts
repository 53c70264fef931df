import {
  ANIMATION_LABELS,
  EMPHASIS_LABELS,
  SPEED_LABELS,
  TREATED_AREA_LABELS,
  TEMPLATE_LABELS,
  type Template,
  type VideoOptions,
} from '@glowreel/contracts';

// User-facing texts of the generate flow (SPEC §5, §8; DESIGN.md D7).
export const GENERATE_COPY = {
  imageRequired: "Please upload a composite 'before and after' photo.",
  loginRequired: 'Please login to generate videos.',
  consentRequired:
    'Please confirm that the patient has authorized marketing use of these photos before generating a video.',
  imageProcessingFailed: 'Failed to process the image. Please try a different one.',
} as const;

export const STAGE_NAMES = [
  'Preparing Image',
  'Analyzing Faces',
  'Rendering Video',
  'Finalizing Result',
] as const;

/** The record's prompt: a readable description of the chosen options. */
export function describeOptions(options: VideoOptions & { template: Template }): string {
  return [
    `Template: ${TEMPLATE_LABELS[options.template]}`,
    `Animation: ${ANIMATION_LABELS[options.primaryAnimation]}`,
    `Emphasis: ${EMPHASIS_LABELS[options.emphasisEffect]}`,
    `Speed: ${SPEED_LABELS[options.motionSpeed]}`,
    `Format: ${options.aspect}`,
    `Auto-align: ${options.autoAlign ? 'on' : 'off'}`,
    ...(options.treatedArea ? [`Treated area: ${TREATED_AREA_LABELS[options.treatedArea]}`] : []),
  ].join('; ');
}
