import { z } from 'zod';
import { plainLine, plainText } from './text.ts';

// SPEC §3 demo request and feedback, §9 feedback categories (DESIGN.md D8, D10).
export const DEMO_REQUEST_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  company: 160,
  message: 4000,
};

const optionalText = (max: number, label: string, multiline = false) =>
  (multiline ? plainText(label) : plainLine(label))
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

export const demoRequestSchema = z.object({
  name: plainLine('Full Name', 'Full Name is required.')
    .trim()
    .min(1, 'Full Name is required.')
    .max(
      DEMO_REQUEST_LIMITS.name,
      `Full Name can be at most ${DEMO_REQUEST_LIMITS.name} characters.`,
    ),
  email: z
    .string({ error: 'Email Address is required.' })
    .trim()
    .min(1, 'Email Address is required.')
    .max(DEMO_REQUEST_LIMITS.email, 'Email Address is too long.')
    .pipe(z.email('Email Address must be a valid e-mail address, like name@clinic.com.')),
  phone: optionalText(DEMO_REQUEST_LIMITS.phone, 'Phone'),
  company: optionalText(DEMO_REQUEST_LIMITS.company, 'Company'),
  message: optionalText(DEMO_REQUEST_LIMITS.message, 'Message', true),
});
export type DemoRequest = z.output<typeof demoRequestSchema>;
/** What a demo form sends: every field as typed (the optional ones may be empty). */
export type DemoRequestInput = z.input<typeof demoRequestSchema>;

/** POST /api/schedule-demo's answer (SPEC §7): success only when `success` is true. */
export const demoRequestReplySchema = z.object({ success: z.boolean() });

export const FEEDBACK_CATEGORIES = [
  'Unnatural Movement',
  'Face Was Distorted',
  "Didn't Follow Instructions",
  'Generated Outside The Box',
  'Other',
] as const;
export type FeedbackCategoryName = (typeof FEEDBACK_CATEGORIES)[number];

export const feedbackRequestSchema = z
  .object({
    rating: z.enum(['good', 'bad']),
    category: z.enum(FEEDBACK_CATEGORIES).nullish(),
    text: plainText('text').max(2000).nullish(),
    videoId: z.string().min(1).max(200),
    compositeImageHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'compositeImageHash must be a SHA-256 digest in lowercase hex.')
      .nullish(),
    userAgent: plainLine('userAgent').max(1000).nullish(),
    prompt: plainText('prompt').max(2000).nullish(),
    timestamp: z.iso.datetime().nullish(),
  })
  .refine((value) => value.rating === 'good' || value.category, {
    message: 'Choose a category for a "bad" rating.',
    path: ['category'],
  });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** GET /api/stats: live figures, each null while it is below the showing threshold. */
export const landingStatsSchema = z.object({
  clinics: z.number().int().nullable(),
  videosCompleted: z.number().int().nullable(),
  satisfactionPercent: z.number().int().nullable(),
});
export type LandingStats = z.infer<typeof landingStatsSchema>;
