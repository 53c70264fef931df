import { z } from 'zod';

// Issue #20, DESIGN.md D7/D19: the engines a video can be made with. The built-in engine moves
// the real photos; the optional generative one (Google Veo) invents motion, so it is offered only
// once a clinic's owner accepted the notice below, and every generated second is labelled.

export const ENGINES = ['builtin', 'veo'] as const;
export type EngineId = (typeof ENGINES)[number];
export const DEFAULT_ENGINE: EngineId = 'builtin';

export function isEngineId(value: unknown): value is EngineId {
  return typeof value === 'string' && (ENGINES as readonly string[]).includes(value);
}

export const ENGINE_LABELS: Record<EngineId, string> = {
  builtin: 'Built-in (real photos, seconds)',
  veo: 'Generative motion (Google Veo)',
};

/** Drawn on every frame that shows generated pixels, and named in the provenance. */
export const GENERATED_MOTION_LABEL = 'AI-generated motion';

/**
 * The notice an owner accepts once before the generative engine is offered. Its version is
 * recorded with the acceptance: a changed text gets a new version and must be accepted again.
 */
export const VEO_NOTICE = {
  version: '2026-11-26',
  title: 'Before you use generative video',
  paragraphs: [
    "Generative video is made by Google's Veo model from your after photo. The model invents the motion: it can change the patient's face, skin, body shape and expression, however carefully it is asked not to.",
    'Advertising rules may treat such a clip as altered imagery of a patient. Glowreel labels every generated second "AI-generated motion" on screen and in the video\'s provenance record; keep that label when you publish.',
    'The photo is sent to Google for this video only. A generative video costs more credits than a built-in one; if generation fails, every credit is refunded.',
  ],
  accept: 'I understand — offer generative video to my clinic',
} as const;

/** SPEC §4 generation stages: the generative engine reports the original product's names. */
export const GENERATIVE_STAGE_NAMES = [
  'Preparing Image',
  'Sending to AI',
  'Generating Video',
  'Finalizing Result',
] as const;

/** SPEC §4: what stage 3 of a generative video says while the model works. */
export const GENERATING_VIDEO_HINT = 'This can take a few minutes. Please keep this window open.';

export const engineSummarySchema = z
  .object({
    id: z.enum(ENGINES),
    label: z.string(),
    /** Configured on this server (the generative engine needs its provider key). */
    available: z.boolean(),
    /** The clinic accepted the engine's notice (always true for the built-in engine). */
    accepted: z.boolean(),
    creditsPerVideo: z.int().min(1),
    /** The clinic's plan may use the engine (VEO_PLANS; every plan by default). */
    onYourPlan: z.boolean(),
    /** The plans that may use it. */
    plans: z.array(z.enum(['free', 'starter', 'pro', 'enterprise'])),
    /** The notice to accept first; null when there is none. */
    notice: z
      .object({ version: z.string(), title: z.string(), paragraphs: z.array(z.string()) })
      .nullable(),
  })
  .meta({ id: 'Engine' });
export type EngineSummary = z.infer<typeof engineSummarySchema>;

/** GET /api/engines */
export const engineListSchema = z.object({ engines: z.array(engineSummarySchema) });
export type EngineList = z.infer<typeof engineListSchema>;

/** POST /api/engines/veo/opt-in */
export const engineOptInRequestSchema = z.strictObject({
  accept: z.literal(true, { error: 'Send {"accept": true} to accept the notice.' }),
});

export const engineOptInResponseSchema = z.object({
  engine: z.enum(ENGINES),
  accepted: z.literal(true),
  noticeVersion: z.string(),
  acceptedAt: z.string(),
});
export type EngineOptInResponse = z.infer<typeof engineOptInResponseSchema>;
