import { z } from 'zod';
import { DEFAULT_TYPEFACE, TYPEFACES } from './creative.ts';
import { plainLine } from './text.ts';

// The brand kit of issue #16 §5: what a clinic puts on every video, saved once on the
// account, pre-filled on /generate and applied to API renders unless a request overrides it.

/** The lengths /generate and the render accept for the same fields (videos.routes.ts). */
export const BRAND_LIMITS = { clinicName: 80, contact: 80 } as const;

/** The accent the engine draws with when a clinic has chosen none (DEFAULT_COLORS.accent). */
export const DEFAULT_ACCENT_COLOR = '#14b8a6';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** An accent colour as `#rrggbb`, stored and compared in lower case. */
export const accentColorSchema = z
  .string()
  .regex(HEX_COLOR, 'Accent colour must be a hex colour like #14b8a6 (# and six digits 0-9/a-f).')
  .transform((value) => value.toLowerCase());

/** One optional line of brand text: trimmed, and empty means "not set" (null). */
function brandLine(label: string, maxLength: number) {
  return plainLine(label)
    .trim()
    .max(maxLength, `${label} can be at most ${maxLength} characters.`)
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

/**
 * GET /api/brand answers with it and PUT /api/brand takes it. The logo itself travels on
 * PUT/DELETE /api/brand/logo; in a PUT, `hasLogo: false` removes the saved logo and
 * `hasLogo: true` keeps it (refused when none is saved).
 */
export const brandKitSchema = z.strictObject({
  clinicName: brandLine('Clinic name', BRAND_LIMITS.clinicName),
  /** The clinic's handle, website or phone number: one line under the name on the end card. */
  contact: brandLine('Handle, website or phone', BRAND_LIMITS.contact),
  accentColor: accentColorSchema,
  typeface: z.enum(TYPEFACES, {
    error: `Typeface must be one of: ${TYPEFACES.join(', ')}.`,
  }),
  hasLogo: z.boolean({ error: 'hasLogo must be true or false.' }),
});
export type BrandKit = z.output<typeof brandKitSchema>;

/** What an account has before it saves anything: the engine's own look, no logo. */
export const DEFAULT_BRAND_KIT: BrandKit = {
  clinicName: null,
  contact: null,
  accentColor: DEFAULT_ACCENT_COLOR,
  typeface: DEFAULT_TYPEFACE,
  hasLogo: false,
};
