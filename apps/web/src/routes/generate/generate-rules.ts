import type { Profile } from '@glowreel/contracts';
import { ApiError } from '../../lib/api-client.ts';
import type { AuthState } from '../../lib/auth-context.ts';
import { VideoApiError } from '../../lib/videos-api.ts';
import { GENERATE_TEXT } from './generate-copy.ts';

/**
 * SPEC §5 generate validation, in its order: the image, then sign-in, then credits above
 * 0; then our consent attestation (DESIGN.md §1). Returns the first message to show, or
 * null when the video may be requested.
 */
export function firstBlockingProblem(input: {
  hasImage: boolean;
  auth: AuthState;
  hasConsent: boolean;
}): string | null {
  if (!input.hasImage) return GENERATE_TEXT.imageRequired;
  if (input.auth.status !== 'signed-in') return GENERATE_TEXT.loginRequired;
  if (!hasCredits(input.auth.profile)) return GENERATE_TEXT.noCredits;
  if (!input.hasConsent) return GENERATE_TEXT.consentRequired;
  return null;
}

function hasCredits(profile: Profile): boolean {
  return profile.credits.total > 0;
}

/**
 * Photos the server could not read at all. SPEC §8 gives them one sentence; the other image
 * refusals (animated, too large, too many pixels) keep the server's message, which says how
 * to fix the file.
 */
const UNREADABLE_IMAGE_CODES = new Set(['invalid_image_format', 'empty_image', 'truncated_image']);

/** The message for a refused POST /api/videos (SPEC §8 wording where it has one). */
export function describeSubmitError(error: unknown): string {
  if (
    error instanceof ApiError &&
    (UNREADABLE_IMAGE_CODES.has(error.code) ||
      (error instanceof VideoApiError && UNREADABLE_IMAGE_CODES.has(error.reason ?? '')))
  ) {
    return GENERATE_TEXT.imageFailed;
  }
  if (error instanceof ApiError) {
    if (error.message !== '') return error.message;
    if (error.status === 413) return GENERATE_TEXT.photoTooLarge;
    if (error.status === 402) return GENERATE_TEXT.noCredits;
    if (error.status === 401) return GENERATE_TEXT.loginRequired;
    return GENERATE_TEXT.serverFailed;
  }
  // fetch itself rejected: the request never got an answer.
  return GENERATE_TEXT.networkFailed;
}
