import * as z from 'zod/mini';

/**
 * One signed-in session on the account page (issue #17 §4), as GET /api/account/sessions
 * answers it. The session's token never leaves the server: the page names sessions by id.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system read from the user agent, e.g. "Chrome on macOS". */
  device: z.string(),
  /** When the session was last renewed (at most an hour after its last use) or signed in (ISO 8601). */
  lastActiveAt: z.string(),
  signedInAt: z.string(),
  /** The session the request came from: "this device". */
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** What a sign-out of sessions answers: how many were ended. */
export const revokedSessionsSchema = z.object({ revoked: z.int().check(z.nonnegative()) });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;

/** The profile photo's form field (PUT /api/me/photo, multipart/form-data). */
export const PROFILE_PHOTO_FIELD = 'photo';
