import { hostileMultipart } from './hostile-multipart.ts';
import {
  HOSTILE_JSON_VALUES,
  HOSTILE_RAW_BODIES,
  ODD_ANONYMOUS_HEADERS,
  ODD_HEADERS,
  hostileQuery,
  hostileSegment,
} from './hostile-values.ts';
import type { SeededRandom } from './random.ts';

/** Who sends the request: the clinic's session cookie, its API key, or nobody. */
export type Caller = 'cookie' | 'key' | 'anonymous';
type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface HostileRequest {
  method: Method;
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface RouteShape {
  method: Method;
  /** `:id` is replaced by a hostile segment (sometimes by a real id). */
  path: string;
  /** Who may call it; requests that end the session are sent anonymously only. */
  callers: readonly Caller[];
  body?: 'json' | 'multipart' | 'raw';
  fields?: readonly string[];
  files?: readonly string[];
  query?: readonly string[];
  /** How many times more often than other routes it is picked (the uploads take the most). */
  weight?: number;
}

const ANY: readonly Caller[] = ['cookie', 'key', 'anonymous'];
const SIGNED_IN: readonly Caller[] = ['cookie', 'anonymous'];
const API: readonly Caller[] = ['key', 'anonymous'];
const NOBODY: readonly Caller[] = ['anonymous'];
const WEB_FORM = [
  'consent',
  'title',
  'primaryAnimation',
  'emphasisEffect',
  'motionSpeed',
  'aspect',
  'autoAlign',
  'treatedArea',
  'clinicName',
  'contact',
  'treatmentTitle',
  'disclosure',
  'accentColor',
  'typeface',
];
const API_FORM = [
  'consent_attested',
  'title',
  'options',
  'aspect',
  'webhook_url',
  'auto_align',
  'clinic_name',
  'contact',
  'accent_color',
  'typeface',
  'treated_area',
];
// The first file of each form is the one a near-valid request sends the photo as.
const API_IMAGES = ['composite_image', 'before_image', 'after_image', 'logo'];

/** Every route of the app (from the route files), with the fields each one reads. */
const ROUTES: readonly RouteShape[] = [
  { method: 'GET', path: '/healthz', callers: ANY },
  { method: 'GET', path: '/readyz', callers: ANY },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    callers: NOBODY,
    body: 'json',
    fields: ['name', 'email', 'password', 'callbackURL', 'image', 'rememberMe'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    callers: NOBODY,
    body: 'json',
    fields: ['email', 'password', 'callbackURL', 'rememberMe'],
  },
  { method: 'POST', path: '/api/auth/sign-out', callers: NOBODY, body: 'json' },
  { method: 'GET', path: '/api/auth/get-session', callers: ANY, query: ['disableCookieCache'] },
  {
    method: 'POST',
    path: '/api/auth/update-user',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['name', 'image'],
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['currentPassword', 'newPassword', 'revokeOtherSessions'],
  },
  {
    method: 'POST',
    path: '/api/auth/change-email',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['newEmail', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    callers: NOBODY,
    body: 'json',
    fields: ['email', 'redirectTo'],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    callers: NOBODY,
    body: 'json',
    fields: ['newPassword', 'token'],
  },
  { method: 'GET', path: '/api/auth/reset-password/:id', callers: NOBODY, query: ['callbackURL'] },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    callers: NOBODY,
    query: ['token', 'callbackURL'],
  },
  { method: 'GET', path: '/api/auth/list-sessions', callers: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/auth/revoke-session',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['token'],
  },
  {
    method: 'POST',
    path: '/api/auth/delete-user',
    callers: NOBODY,
    body: 'json',
    fields: ['password', 'callbackURL', 'token'],
  },
  { method: 'POST', path: '/api/auth/:id', callers: NOBODY, body: 'raw' },
  { method: 'GET', path: '/api/me', callers: ANY },
  { method: 'GET', path: '/api/session', callers: ANY },
  { method: 'GET', path: '/api/render-settings', callers: ANY },
  {
    method: 'POST',
    path: '/api/videos',
    callers: SIGNED_IN,
    body: 'multipart',
    fields: WEB_FORM,
    files: ['image', 'logo'],
    weight: 4,
  },
  { method: 'GET', path: '/api/videos', callers: ANY },
  { method: 'GET', path: '/api/videos/:id', callers: SIGNED_IN },
  { method: 'GET', path: '/api/videos/:id/events', callers: SIGNED_IN },
  { method: 'GET', path: '/api/videos/:id/download', callers: SIGNED_IN, query: ['inline'] },
  { method: 'GET', path: '/api/videos/:id/thumbnail', callers: SIGNED_IN, query: ['inline'] },
  { method: 'POST', path: '/api/keys', callers: SIGNED_IN, body: 'json', fields: ['name'] },
  { method: 'GET', path: '/api/keys', callers: SIGNED_IN },
  { method: 'DELETE', path: '/api/keys/:id', callers: SIGNED_IN },
  { method: 'GET', path: '/api/webhook-secret', callers: SIGNED_IN },
  { method: 'POST', path: '/api/webhook-secret/rotate', callers: SIGNED_IN, body: 'raw' },
  { method: 'GET', path: '/api/webhook-deliveries', callers: SIGNED_IN },
  { method: 'GET', path: '/api/brand', callers: SIGNED_IN },
  {
    method: 'PUT',
    path: '/api/brand',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['clinicName', 'contact', 'accentColor', 'typeface', 'hasLogo'],
  },
  { method: 'GET', path: '/api/brand/logo', callers: SIGNED_IN },
  {
    method: 'PUT',
    path: '/api/brand/logo',
    callers: SIGNED_IN,
    body: 'multipart',
    files: ['logo'],
  },
  { method: 'DELETE', path: '/api/brand/logo', callers: SIGNED_IN },
  { method: 'GET', path: '/api/me/photo', callers: SIGNED_IN, query: ['v'] },
  { method: 'PUT', path: '/api/me/photo', callers: SIGNED_IN, body: 'multipart', files: ['photo'] },
  { method: 'DELETE', path: '/api/me/photo', callers: SIGNED_IN },
  { method: 'GET', path: '/api/account/sessions', callers: SIGNED_IN },
  { method: 'DELETE', path: '/api/account/sessions/:id', callers: SIGNED_IN },
  // Ends the member's other sessions only; the caller's own cookie keeps working.
  { method: 'POST', path: '/api/account/sessions/revoke-others', callers: SIGNED_IN, body: 'raw' },
  // Clinic teams (issue #21).
  { method: 'GET', path: '/api/clinics', callers: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/clinics/active',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['clinicId'],
  },
  {
    method: 'POST',
    path: '/api/clinics/invitations',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['email', 'role'],
  },
  { method: 'GET', path: '/api/clinics/invitations/:id', callers: SIGNED_IN },
  { method: 'DELETE', path: '/api/clinics/invitations/:id', callers: SIGNED_IN },
  { method: 'POST', path: '/api/clinics/invitations/:id/accept', callers: SIGNED_IN, body: 'raw' },
  { method: 'DELETE', path: '/api/clinics/members/:id', callers: SIGNED_IN },
  {
    method: 'PATCH',
    path: '/api/clinics/members/:id',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['role'],
  },
  { method: 'POST', path: '/api/clinics/leave', callers: SIGNED_IN, body: 'raw' },
  {
    method: 'POST',
    path: '/api/clinics/transfer',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['memberId'],
  },
  { method: 'GET', path: '/api/v1/openapi.json', callers: ANY },
  { method: 'GET', path: '/api/v1/videos', callers: API, query: ['limit', 'cursor'] },
  { method: 'GET', path: '/api/v1/videos/:id', callers: API },
  {
    method: 'GET',
    path: '/api/v1/videos/:id/download',
    callers: API,
    query: ['expires', 'signature'],
  },
  {
    method: 'GET',
    path: '/api/v1/videos/:id/thumbnail',
    callers: API,
    query: ['expires', 'signature'],
  },
  {
    method: 'POST',
    path: '/api/v1/generate',
    callers: API,
    body: 'json',
    fields: [...API_FORM, ...API_IMAGES],
    weight: 4,
  },
  {
    method: 'POST',
    path: '/api/v1/generate',
    callers: API,
    body: 'multipart',
    fields: API_FORM,
    files: API_IMAGES,
    weight: 4,
  },
  {
    method: 'POST',
    path: '/api/create-checkout-session',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['planId', 'userId', 'userEmail', 'successUrl', 'cancelUrl'],
  },
  {
    method: 'POST',
    path: '/api/create-portal-session',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['customerId', 'returnUrl'],
  },
  { method: 'GET', path: '/api/billing/subscription', callers: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/billing/demo/checkout',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['planId'],
  },
  {
    method: 'POST',
    path: '/api/billing/demo/portal',
    callers: SIGNED_IN,
    body: 'json',
    fields: ['action', 'planId'],
  },
  { method: 'POST', path: '/api/stripe/webhook', callers: NOBODY, body: 'raw' },
  {
    method: 'POST',
    path: '/api/schedule-demo',
    callers: NOBODY,
    body: 'json',
    fields: ['name', 'email', 'phone', 'company', 'message'],
  },
  {
    method: 'POST',
    path: '/api/feedback',
    callers: SIGNED_IN,
    body: 'json',
    fields: [
      'rating',
      'category',
      'text',
      'videoId',
      'compositeImageHash',
      'userAgent',
      'prompt',
      'timestamp',
    ],
  },
  { method: 'GET', path: '/api/stats', callers: ANY },
  { method: 'GET', path: '/', callers: ANY, query: ['q'] },
  { method: 'GET', path: '/dashboard', callers: ANY },
  { method: 'GET', path: '/assets/app.js', callers: ANY },
  { method: 'GET', path: '/assets/:id', callers: ANY },
  { method: 'GET', path: '/:id', callers: ANY },
  { method: 'GET', path: '/api/:id', callers: ANY },
];

const WEIGHTED_ROUTES = ROUTES.flatMap((route) =>
  Array.from({ length: route.weight ?? 1 }, () => route),
);

export interface HostileTargets {
  /** The clinic's finished video, so ranges and signed links meet a real file sometimes. */
  videoId: string;
  /** A photo the upload check accepts: with it some uploads get as far as the credit. */
  photo: Buffer;
}

/**
 * Values that pass a field's own check, mixed with hostile ones so a request gets past its
 * first check and meets the next. None of them can buy anything or end the session (no valid
 * plan or portal action); the photo may start a video, which the test accounts for.
 */
function plausibleValues(targets: HostileTargets): Record<string, string | boolean> {
  return {
    email: 'fuzz@clinic.example',
    newEmail: 'fuzz2@clinic.example',
    password: 'radiant2024',
    name: 'Fuzz Clinic',
    rating: 'good',
    videoId: targets.videoId,
    consent: 'true',
    consent_attested: true,
    auto_align: true,
    aspect: '9:16',
    composite_image: targets.photo.toString('base64'),
    title: 'Clinic video',
  };
}

function jsonBody(
  random: SeededRandom,
  fields: readonly string[],
  plausible: Record<string, string | boolean>,
): string | Buffer {
  if (random.chance(0.2)) return random.pick(HOSTILE_RAW_BODIES);
  const body: Record<string, unknown> = {};
  if (fields.length > 0 && random.chance(0.4)) {
    // Near-valid: every field that has a good value gets it, then one field turns hostile.
    for (const field of fields) if (plausible[field] !== undefined) body[field] = plausible[field];
    body[random.pick(fields)] = random.pick(HOSTILE_JSON_VALUES);
    return JSON.stringify(body);
  }
  for (const field of fields) {
    if (random.chance(0.25)) continue;
    const usePlausible = random.chance(0.4) && plausible[field] !== undefined;
    body[field] = usePlausible ? plausible[field] : random.pick(HOSTILE_JSON_VALUES);
  }
  if (random.chance(0.2))
    body[random.pick(['extra', 'isAdmin', 'credits', 'role', 'userId'])] =
      random.pick(HOSTILE_JSON_VALUES);
  return JSON.stringify(body);
}

function pathFor(random: SeededRandom, route: RouteShape, targets: HostileTargets): string {
  const id = random.chance(0.15) ? targets.videoId : hostileSegment(random);
  return route.path.replace(':id', id);
}

function addOddHeaders(
  random: SeededRandom,
  caller: Caller,
  headers: Record<string, string>,
): void {
  const pools = caller === 'anonymous' ? [...ODD_HEADERS, ...ODD_ANONYMOUS_HEADERS] : ODD_HEADERS;
  const count = random.chance(0.5) ? 0 : 1 + random.int(2);
  for (let index = 0; index < count; index += 1) {
    const [name, values] = random.pick(pools);
    headers[name] = random.pick(values);
  }
}

/** One hostile request against a random route. */
export function hostileRequest(random: SeededRandom, targets: HostileTargets): HostileRequest {
  const route = random.pick(WEIGHTED_ROUTES);
  const caller = random.pick(route.callers);
  const method = random.chance(0.05)
    ? random.pick(['PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const)
    : route.method;
  const url = `${pathFor(random, route, targets)}${hostileQuery(random, route.query ?? [])}`;
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  const plausible = plausibleValues(targets);
  if (route.body === 'multipart') {
    const strings = Object.fromEntries(
      Object.entries(plausible).map(([key, value]) => [key, String(value)]),
    );
    const body = hostileMultipart(random, {
      fields: route.fields ?? [],
      files: route.files ?? [],
      plausible: strings,
      photo: targets.photo,
    });
    headers['content-type'] = body.contentType;
    payload = body.payload;
  } else if (route.body === 'json' || route.body === 'raw') {
    headers['content-type'] = 'application/json';
    payload =
      route.body === 'json'
        ? jsonBody(random, route.fields ?? [], plausible)
        : random.pick(HOSTILE_RAW_BODIES);
  }
  addOddHeaders(random, caller, headers);
  return {
    method,
    url,
    caller,
    headers,
    ...(payload === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload }),
  };
}
