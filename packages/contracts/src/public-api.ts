import { z } from 'zod';
import {
  ASPECTS,
  DEFAULT_VIDEO_OPTIONS,
  EMPHASIS_EFFECTS,
  MOTION_SPEEDS,
  PRIMARY_ANIMATIONS,
} from './video-options.ts';
import { TEMPLATES, TEMPLATE_DESCRIPTIONS, TREATED_AREAS, defaultTemplateFor } from './creative.ts';
import { noControlCharacters, plainLine } from './text.ts';
import { BRAND_LIMITS, accentColorSchema } from './brand.ts';
import { TYPEFACES } from './creative.ts';
import { apiConsentInputSchema, apiConsentRecordSchema } from './consent.ts';
import { RENDER_FAILURE_CODES } from './render-failures.ts';
import { ENGINES } from './engines.ts';

// The public API v1 (SPEC §7, DESIGN.md D11). These schemas validate the requests on the
// server and are turned into the OpenAPI document, so the documentation cannot drift from
// what the server accepts.

const EXAMPLE_VIDEO_ID = '3f9c2a4e-8b1d-4c6a-9e2f-5d7a1b0c4e8f';

export const apiGenerateOptionsSchema = z
  .strictObject({
    animation: z
      .enum(PRIMARY_ANIMATIONS)
      .default(DEFAULT_VIDEO_OPTIONS.primaryAnimation)
      .describe('How the photos move.'),
    effect: z
      .enum(EMPHASIS_EFFECTS)
      .default(DEFAULT_VIDEO_OPTIONS.emphasisEffect)
      .describe('The emphasis over the comparison.'),
    speed: z
      .enum(MOTION_SPEEDS)
      .default(DEFAULT_VIDEO_OPTIONS.motionSpeed)
      .describe('Pace of every motion.'),
  })
  .meta({
    id: 'GenerateOptions',
    example: { animation: 'animate_before_head_turn', effect: 'subtle_zoom', speed: 'normal' },
  });

const base64Image = (what: string) =>
  z
    .string()
    .min(1)
    .describe(
      `${what}: PNG, JPEG, WEBP, still GIF or HEIC/HEIF (the iPhone default), base64 (a data: URL prefix is accepted).`,
    );

/** The fields every generate request has, whichever way the images travel. */
const generateFields = {
  options: apiGenerateOptionsSchema.optional(),
  aspect: z.enum(ASPECTS).default(DEFAULT_VIDEO_OPTIONS.aspect).describe('Output shape.'),
  engine: z
    .enum(ENGINES)
    .optional()
    .describe(
      'Who makes the motion. builtin (default): moves the real photos, in seconds. veo: a generative clip from the after photo made by Google Veo, labelled "AI-generated motion" on screen; it costs more credits (GET /api/engines lists the price), takes minutes, and is refused with 422 engine_unavailable unless this server has it configured and an owner of the clinic accepted its notice.',
    ),
  template: z
    .enum(TEMPLATES)
    .optional()
    .describe(
      `How the video is built: ${TEMPLATES.map((name) => `${name} (${TEMPLATE_DESCRIPTIONS[name]})`).join('; ')}. Omitted: the format's default, ${ASPECTS.map((aspect) => `${defaultTemplateFor(aspect)} for ${aspect}`).join(', ')}.`,
    ),
  title: plainLine('title')
    .trim()
    .min(1)
    .max(120)
    .optional()
    .describe("Defaults to 'Clinical Video - {date}'."),
  // The scheme is checked with the address (https only, except loopback in test setups).
  webhook_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    // z.url() lets a NUL or a line break through in the path; the database would not.
    .refine(...noControlCharacters('webhook_url', { multiline: false }))
    .optional()
    .describe(
      'Receives video.completed, video.failed, video.consent_revoked and video.consent_expired. Must be https and publicly reachable.',
    ),
  consent_attested: z
    .literal(true, {
      error: 'consent_attested must be true: the patient authorized marketing use of these photos',
    })
    .describe('You confirm the patient has authorized marketing use of these photos.'),
  consent: apiConsentInputSchema
    .optional()
    .describe(
      "The consent's details, recorded with the video (see the video's consent). Omitted: website and social media, no reference, no expiry.",
    ),
  auto_align: z
    .boolean()
    .default(true)
    .describe('Align the after photo onto the before photo by the eyes.'),
  treated_area: z
    .enum(TREATED_AREAS)
    .optional()
    .describe(
      'Where the treatment was. Face motion never moves this part of the after photo, and the highlight circles it. Required when the animation moves the after photo (animate_after_smile, animate_after_surprise, animate_after_head_turn): without it 422 treated_area_required; an animation that would move it gets 422 animation_moves_treated_area.',
    ),
  // Issue #16 §5: each of these overrides the saved brand kit for this video only.
  clinic_name: plainLine('clinic_name')
    .trim()
    .min(1)
    .max(BRAND_LIMITS.clinicName)
    .optional()
    .describe("Defaults to your brand kit's clinic name, else your account's name."),
  contact: plainLine('contact')
    .trim()
    .min(1)
    .max(BRAND_LIMITS.contact)
    .optional()
    .describe("Handle, website or phone on the end card. Defaults to your brand kit's."),
  accent_color: accentColorSchema
    .optional()
    .describe("Accent colour as #rrggbb. Defaults to your brand kit's."),
  typeface: z
    .enum(TYPEFACES)
    .optional()
    .describe("Typeface of every text in the video. Defaults to your brand kit's."),
};

export const apiGenerateJsonSchema = z
  .strictObject({
    before_image: base64Image('The before photo').optional(),
    after_image: base64Image('The after photo').optional(),
    composite_image: base64Image('One before-and-after composite').optional(),
    logo: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The clinic's logo for the end card, base64 (PNG, JPEG, WEBP or still GIF, at most 2 MB). Defaults to your brand kit's logo.",
      ),
    ...generateFields,
  })
  .meta({
    id: 'GenerateRequest',
    example: {
      before_image: 'iVBORw0KGgoAAAANSUhEUgAA…',
      after_image: 'iVBORw0KGgoAAAANSUhEUgAA…',
      options: { animation: 'animate_after_surprise', effect: 'hand_gesture', speed: 'normal' },
      treated_area: 'lips',
      aspect: '9:16',
      template: 'story',
      webhook_url: 'https://clinic.example/hooks/glowreel',
      consent_attested: true,
      consent: { channels: ['website', 'social', 'ads'], patient_reference: 'C-1042' },
    },
  });
export type ApiGenerateJson = z.infer<typeof apiGenerateJsonSchema>;

/** The text fields of a multipart generate request (the images are file parts). */
export const apiGenerateMultipartFieldsSchema = z.strictObject({
  ...generateFields,
  options: z
    .string()
    .optional()
    .describe('The options object as JSON text, e.g. {"animation":"animate_after_smile"}.'),
  consent_attested: z.literal('true', {
    error: 'consent_attested must be true: the patient authorized marketing use of these photos',
  }),
  consent: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'The consent object as JSON text, e.g. {"channels":["website","social","ads"],"patient_reference":"C-1042"}.',
    ),
  auto_align: z.enum(['true', 'false']).default('true'),
});

export const apiVideoStatusSchema = z.enum(['processing', 'completed', 'failed']);

export const apiGenerateAcceptedSchema = z
  .object({
    id: z.string(),
    status: z.literal('processing'),
    created_at: z.iso.datetime(),
    estimated_completion: z.iso
      .datetime()
      .describe(
        'When the video should be ready, from the renders queued ahead of it on the server and the median time of its recent renders of this size.',
      ),
    warnings: z
      .array(z.object({ code: z.string(), message: z.string() }))
      .describe(
        'What the request left to a default or what the photos may show poorly, e.g. consent_channels_defaulted.',
      ),
  })
  .meta({
    id: 'GenerateAccepted',
    example: {
      id: EXAMPLE_VIDEO_ID,
      status: 'processing',
      created_at: '2026-11-23T09:30:00.000Z',
      estimated_completion: '2026-11-23T09:30:10.000Z',
      warnings: [],
    },
  });

export const apiVideoSchema = z
  .object({
    id: z.string(),
    status: apiVideoStatusSchema,
    progress: z.int().min(0).max(100),
    download_url: z
      .url()
      .nullable()
      .describe('Signed; expires after an hour. Fetch the status again for a fresh one.'),
    thumbnail_url: z.url().nullable(),
    duration: z.number().nullable().describe('Seconds.'),
    file_size: z.int().nullable().describe('Bytes.'),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    error: z
      .string()
      .nullable()
      .describe('Why a failed video failed, in plain words, quoting the video id as reference.'),
    error_code: z
      .enum(RENDER_FAILURE_CODES)
      .nullable()
      .describe('A stable code for why a failed video failed; null unless failed.'),
    template: z
      .enum(TEMPLATES)
      .nullable()
      .describe('The template the video is made with; null for videos made before templates.'),
    engine: z
      .enum(ENGINES)
      .describe('The engine that made the video: builtin, or veo (generative, labelled).'),
    consent: apiConsentRecordSchema
      .nullable()
      .describe(
        'The consent recorded with the video; null for videos made before consent records.',
      ),
  })
  .meta({
    id: 'Video',
    example: {
      id: EXAMPLE_VIDEO_ID,
      status: 'completed',
      progress: 100,
      download_url: `https://app.glowreel.example/api/v1/videos/${EXAMPLE_VIDEO_ID}/download?expires=1795000000&signature=9c1e…`,
      thumbnail_url: `https://app.glowreel.example/api/v1/videos/${EXAMPLE_VIDEO_ID}/thumbnail?expires=1795000000&signature=41ad…`,
      duration: 8,
      file_size: 1843200,
      created_at: '2026-11-23T09:30:00.000Z',
      completed_at: '2026-11-23T09:30:07.000Z',
      error: null,
      error_code: null,
      template: 'story',
      engine: 'builtin',
      consent: {
        id: 'c2b7e3f0-1c1e-4f5e-9a51-3d0f6f1e2a40',
        attested_by: { user_id: 'u_7Qk2', name: 'Lumen Aesthetics' },
        attested_at: '2026-11-23T09:30:00.000Z',
        channels: ['website', 'social'],
        patient_reference: 'C-1042',
        expires_at: null,
        revoked_at: null,
      },
    },
  });
export type ApiVideo = z.infer<typeof apiVideoSchema>;

export const apiVideoListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page.'),
});

export const apiVideoListSchema = z
  .object({
    data: z.array(apiVideoSchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'VideoList' });

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({
    id: 'Error',
    example: {
      error: {
        code: 'invalid_image_format',
        message:
          'This file is a PDF document, not a photo. Upload a PNG, JPEG, WEBP, GIF or HEIC image.',
      },
    },
  });

export const API_WEBHOOK_EVENT_TYPES = [
  'video.completed',
  'video.failed',
  'video.consent_revoked',
  'video.consent_expired',
] as const;

export const apiWebhookEventSchema = z
  .object({
    id: z.string().describe('Unique per event; a retried delivery repeats it.'),
    type: z.enum(API_WEBHOOK_EVENT_TYPES),
    created: z.int().describe('Unix seconds.'),
    data: apiVideoSchema,
  })
  .meta({ id: 'WebhookEvent' });
export type ApiWebhookEvent = z.infer<typeof apiWebhookEventSchema>;

export const apiKeyCreateSchema = z.strictObject({
  name: plainLine('The name')
    .trim()
    .min(1, 'Give the key a name.')
    .max(60, 'The name can be at most 60 characters.'),
});

/** Rotating needs no field, but only a JSON object body starts it (never a form or no-cors fetch). */
export const webhookSecretRotateSchema = z.strictObject({});

export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const apiKeyCreatedSchema = apiKeySummarySchema.extend({
  key: z.string().describe('Shown once; store it now.'),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
