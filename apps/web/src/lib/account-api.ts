import {
  accountSessionsSchema,
  errorBodySchema,
  PROFILE_PHOTO_FIELD,
  profileSchema,
  revokedSessionsSchema,
  type AccountSession,
  type Profile,
  type RevokedSessions,
} from '@glowreel/contracts';
import { ApiError, requestJson } from './api-client.ts';

export type { AccountSession };

/** The account page's list of signed-in sessions. */
export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;

const PHOTO_URL = '/api/me/photo';

/** A reply that does not match the contract is a server fault, not something to show. */
function parseWith<T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }) {
  return (payload: unknown): T => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success || parsed.data === undefined) {
      throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
    }
    return parsed.data;
  };
}
const parseProfile = parseWith<Profile>(profileSchema);
const parseRevoked = parseWith<RevokedSessions>(revokedSessionsSchema);

/** Better Auth's update-user; the server holds the name to the sign-up rule (SPEC §5). */
export async function updateDisplayName(name: string): Promise<void> {
  await requestJson('POST', '/api/auth/update-user', { name });
}

/** PUT /api/me/photo: checked on the server like a logo, refused like a photo. */
export async function uploadProfilePhoto(file: File): Promise<Profile> {
  const form = new FormData();
  form.append(PROFILE_PHOTO_FIELD, file);
  // No content-type header: the browser writes the multipart boundary itself.
  const response = await fetch(PHOTO_URL, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // A proxy's page: the caller falls back to its own copy.
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
      : new ApiError(response.status, 'UNKNOWN', '');
  }
  return parseProfile(payload);
}

export async function removeProfilePhoto(): Promise<Profile> {
  return parseProfile(await requestJson('DELETE', PHOTO_URL));
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** Better Auth's change-password; the server applies SPEC §5 to the new password. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await requestJson('POST', '/api/auth/change-password', input);
}

export async function fetchSessions(): Promise<AccountSession[]> {
  return parseWith(accountSessionsSchema)(await requestJson('GET', '/api/account/sessions'))
    .sessions;
}

export async function revokeSession(id: string): Promise<RevokedSessions> {
  return parseRevoked(
    await requestJson('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
  );
}

export async function revokeOtherSessions(): Promise<RevokedSessions> {
  return parseRevoked(await requestJson('POST', '/api/account/sessions/revoke-others', {}));
}
