import { displayNameSchema, hasControlCharacters } from '@glowreel/contracts';
import { APIError } from 'better-auth/api';

// Better Auth's endpoints take text we do not parse ourselves. Without these checks a NUL in
// any field reaches PostgreSQL (a 500), an unparsable callbackURL throws inside Better Auth
// (a 500), and update-user stores empty or 5,000-character names (issue 15).

/** Hashed, never stored or shown: any character is the user's choice. */
const SECRET_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);
/** Where Better Auth redirects to afterwards; it builds URLs from them without a guard. */
const REDIRECT_FIELDS = new Set([
  'callbackURL',
  'redirectTo',
  'errorCallbackURL',
  'newUserCallbackURL',
]);
/** Deeper than any Better Auth body; the JSON parser already refuses deeper ones. */
const MAX_DEPTH = 32;

/** SPEC §5's display-name rule: the tidied name, or what is wrong with it. */
export function checkDisplayName(name: unknown): { name: string } | { problem: string } {
  const parsed = displayNameSchema.safeParse(name);
  if (parsed.success) return { name: parsed.data };
  const issue = parsed.error.issues[0];
  // A missing or non-text name reads as a missing one, as on the sign-up form.
  return {
    problem: issue?.code === 'invalid_type' ? 'Full name is required.' : (issue?.message ?? ''),
  };
}

function refuseField(field: string, problem: string): never {
  throw new APIError('UNPROCESSABLE_ENTITY', {
    code: 'VALIDATION_FAILED',
    message: `${field}: ${problem}`,
    details: { fields: { [field]: problem } },
  });
}

function isUsableRedirect(value: string): boolean {
  if (value.startsWith('/')) {
    return !value.startsWith('//') && !value.startsWith('/\\') && URL.canParse(value, 'http://x');
  }
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function checkFields(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    if (hasControlCharacters(value, { multiline: false })) {
      refuseField(path, 'must not contain control characters.');
    }
    const key = path.split('.').at(-1) ?? '';
    if (REDIRECT_FIELDS.has(key) && !isUsableRedirect(value)) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_CALLBACK_URL',
        message: `${key} must be a path on this site, like /dashboard, or a full https:// address.`,
      });
    }
    return;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
  for (const [key, inner] of Object.entries(value)) {
    if (!SECRET_FIELDS.has(key)) checkFields(inner, path ? `${path}.${key}` : key, depth + 1);
  }
}

/**
 * Checks a Better Auth request before its endpoint runs; throws the 4xx for bad input, or
 * returns the tidied body for update-user (a trimmed name, held to the sign-up rule).
 */
export function checkAuthInput(request: {
  path: string;
  body: unknown;
  query: unknown;
}): { context: { body: object } } | undefined {
  checkFields(request.query, '', 0);
  checkFields(request.body, '', 0);
  const body = request.body;
  if (request.path !== '/update-user' || typeof body !== 'object' || body === null) return;
  // Better Auth hands a non-text image to the database, which fails the whole request.
  if ('image' in body && body.image !== null && typeof body.image !== 'string') {
    refuseField('image', 'must be the address of a picture, or null.');
  }
  if (!('name' in body)) return;
  const checked = checkDisplayName(body.name);
  if ('problem' in checked) refuseField('name', checked.problem);
  return { context: { body: { ...body, name: checked.name } } };
}
