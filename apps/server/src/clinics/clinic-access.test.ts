import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicMember, personalClinicOf, setActiveClinic } from '../testing/clinic-members.ts';
import { openFullTestApp, type FullTestApp } from '../testing/full-test-app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import type { ClinicRole } from './clinic-roles.ts';

const ORIGIN = 'http://localhost:3999';

/**
 * Every route of the app and who may use it. A route added without a line here fails the first
 * test: decide whether it serves clinic data and which role it needs.
 */
type Access =
  /** No clinic's data: health, sign-in, public pages, Stripe's signed webhook. */
  | { kind: 'public' }
  /** The signed-in person's own account (sessions, e-mail, password, photo, deletion, export). */
  | { kind: 'account' }
  /** API v1: the API key's clinic. */
  | { kind: 'api-key' }
  /**
   * The person's memberships, invitations and team (CLINIC_TEAMS): each checks the member's
   * role itself, tested rule by rule in http/clinics.routes.test.ts.
   */
  | { kind: 'team' }
  /** The acting clinic's data, for this role and above. */
  | { kind: 'clinic'; role: ClinicRole };

const PUBLIC: Access = { kind: 'public' };
const ACCOUNT: Access = { kind: 'account' };
const API_KEY: Access = { kind: 'api-key' };
const TEAM: Access = { kind: 'team' };
const STAFF: Access = { kind: 'clinic', role: 'staff' };
const ADMIN: Access = { kind: 'clinic', role: 'admin' };
const OWNER: Access = { kind: 'clinic', role: 'owner' };

const ROUTES: Record<string, Access> = {
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  // Better Auth's own endpoints and the SPA's fallback.
  'GET *': PUBLIC,
  'POST *': PUBLIC,
  'POST /api/auth/send-verification-email': PUBLIC,
  'POST /api/auth/request-password-reset': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'GET /api/sign-in-providers': PUBLIC,
  'GET /api/session': PUBLIC,
  'POST /api/stripe/webhook': PUBLIC,
  'GET /api/stats': PUBLIC,
  'POST /api/schedule-demo': PUBLIC,
  'GET /api/render-settings': PUBLIC,
  'GET /api/v1/openapi.json': PUBLIC,
  // Signed links carry their own authority (a signature over the path, from a key's own read).
  'GET /api/v1/videos/:id/download': PUBLIC,
  'GET /api/v1/videos/:id/thumbnail': PUBLIC,
  'GET /assets/app.js': PUBLIC,
  'GET /index.html': PUBLIC,

  'POST /api/auth/change-email': ACCOUNT,
  'DELETE /api/account': ACCOUNT,
  'GET /api/account/email': ACCOUNT,
  'POST /api/account/exports': ACCOUNT,
  'GET /api/account/exports/latest': ACCOUNT,
  'GET /api/account/exports/:id': ACCOUNT,
  'GET /api/account/exports/:id/download': ACCOUNT,
  'POST /api/account/password-reset/check': ACCOUNT,
  'GET /api/account/sessions': ACCOUNT,
  'POST /api/account/sessions/revoke-others': ACCOUNT,
  'DELETE /api/account/sessions/:id': ACCOUNT,
  'GET /api/account/deletion': ACCOUNT,
  'GET /api/me/photo': ACCOUNT,
  'PUT /api/me/photo': ACCOUNT,
  'DELETE /api/me/photo': ACCOUNT,

  'GET /api/v1/videos': API_KEY,
  'GET /api/v1/videos/:id': API_KEY,
  'DELETE /api/v1/videos/:id': API_KEY,
  'POST /api/v1/videos/:id/consent/revoke': API_KEY,
  'POST /api/v1/generate': API_KEY,

  'GET /api/me': STAFF,
  'POST /api/videos': STAFF,
  'GET /api/videos': STAFF,
  'GET /api/videos/:id': STAFF,
  'GET /api/videos/:id/events': STAFF,
  'POST /api/videos/:id/cancel': STAFF,
  'GET /api/videos/:id/download': STAFF,
  'GET /api/videos/:id/thumbnail': STAFF,
  'POST /api/feedback': STAFF,
  'GET /api/brand': STAFF,
  'GET /api/brand/logo': STAFF,
  'GET /api/engines': STAFF,

  'DELETE /api/videos/:id': ADMIN,
  'POST /api/videos/:id/consent/revoke': ADMIN,
  'POST /api/keys': ADMIN,
  'GET /api/keys': ADMIN,
  'DELETE /api/keys/:id': ADMIN,
  'GET /api/webhook-secret': ADMIN,
  'POST /api/webhook-secret/rotate': ADMIN,
  'GET /api/webhook-deliveries': ADMIN,
  'PUT /api/brand': ADMIN,
  'PUT /api/brand/logo': ADMIN,
  'DELETE /api/brand/logo': ADMIN,
  'POST /api/engines/veo/opt-in': ADMIN,
  'GET /api/audit-log': ADMIN,

  'GET /api/clinics': TEAM,
  'POST /api/clinics/active': TEAM,
  'POST /api/clinics/invitations': TEAM,
  'GET /api/clinics/invitations/:id': TEAM,
  'DELETE /api/clinics/invitations/:id': TEAM,
  'POST /api/clinics/invitations/:id/accept': TEAM,
  'DELETE /api/clinics/members/:id': TEAM,
  'PATCH /api/clinics/members/:id': TEAM,
  'POST /api/clinics/leave': TEAM,
  'POST /api/clinics/transfer': TEAM,

  'GET /api/billing/subscription': OWNER,
  'POST /api/billing/demo/checkout': OWNER,
  'POST /api/billing/demo/portal': OWNER,
  'POST /api/create-checkout-session': OWNER,
  'POST /api/create-portal-session': OWNER,
};

/** "METHOD /path" for every route Fastify serves (HEAD, added for each GET, left out). */
export function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

function payloadFor(route: string): object {
  if (route.endsWith('/consent/revoke')) return { reason: 'Patient asked.' };
  if (route === 'POST /api/keys') return { name: 'Front desk' };
  return {};
}

const RANK: Record<ClinicRole, number> = { staff: 0, admin: 1, owner: 2 };
const ROLES: ClinicRole[] = ['staff', 'admin', 'owner'];

describe.each(DATABASE_KINDS)('clinic access on every route, %s', (kind) => {
  let full: FullTestApp;
  let app: FastifyInstance;
  /** Clinic A: its owner, an admin and a staff member acting for it; one video. */
  const a = {} as Record<ClinicRole, string> & {
    ownerId: string;
    adminId: string;
    videoId: string;
  };
  const aVideo = () => insertVideoRow(full.test.runtime, a.ownerId);
  /** Clinic B: its owner and an API key. */
  const b = {} as { cookie: string; key: string };

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    app = full.app;
    const db = full.test.runtime.database.db;
    const owner = await signUpForCookie(app, ORIGIN);
    const clinicA = await personalClinicOf(db, owner.userId);
    a.owner = owner.cookie;
    for (const role of ['admin', 'staff'] as const) {
      const member = await signUpForCookie(app, ORIGIN);
      await addClinicMember(db, clinicA, member.userId, role);
      await setActiveClinic(db, member.userId, clinicA);
      a[role] = member.cookie;
      if (role === 'admin') a.adminId = member.userId;
    }
    a.ownerId = owner.userId;
    a.videoId = await aVideo();

    const other = await signUpForCookie(app, ORIGIN);
    b.cookie = other.cookie;
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: other.cookie, origin: ORIGIN },
      payload: { name: 'B' },
    });
    expect(created.statusCode).toBe(201);
    b.key = created.json<{ key: string }>().key;
  }, 60_000);
  afterAll(async () => {
    await full.dispose();
  });

  const urlOf = (route: string, id: string) => route.split(' ')[1]!.replaceAll(':id', id);
  const send = (route: string, headers: Record<string, string>, id = a.videoId) =>
    app.inject({
      method: route.split(' ')[0] as 'GET',
      url: urlOf(route, id),
      headers: { origin: ORIGIN, ...headers },
      ...(route.startsWith('GET ') || route.startsWith('DELETE ')
        ? {}
        : { payload: payloadFor(route) }),
    });

  it('has a line in the table for every route, and no line for a route that is gone', () => {
    expect(servedRoutes(app)).toEqual(Object.keys(ROUTES).sort());
  });

  const clinicRoutes = Object.entries(ROUTES).filter(
    (entry): entry is [string, Extract<Access, { kind: 'clinic' }>] => entry[1].kind === 'clinic',
  );

  it.each(clinicRoutes)(
    '%s: 403 forbidden below its role, let through at it and above',
    async (route, access) => {
      for (const role of ROLES) {
        // A permitted delete or revocation gets a video of its own, so clinic A's stays whole.
        const destructive = route === 'DELETE /api/videos/:id' || route.endsWith('/consent/revoke');
        const id = destructive && RANK[role] >= RANK[access.role] ? await aVideo() : a.videoId;
        const response = await send(route, { cookie: a[role] }, id);
        if (RANK[role] < RANK[access.role]) {
          expect({ role, status: response.statusCode }).toEqual({ role, status: 403 });
          expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
        } else {
          expect({ role, status: response.statusCode }).not.toMatchObject({ status: 403 });
          expect(response.statusCode).not.toBe(401);
          expect(response.statusCode).toBeLessThan(500);
        }
      }
    },
  );

  const videoRoutes = Object.keys(ROUTES).filter(
    (route) => route.includes('/videos/:id') && ROUTES[route]!.kind !== 'public',
  );

  it.each(videoRoutes)(
    "%s: another clinic's owner (or API key) gets 404 for clinic A's video",
    async (route) => {
      const headers: Record<string, string> =
        ROUTES[route]!.kind === 'api-key'
          ? { authorization: `Bearer ${b.key}` }
          : { cookie: b.cookie };
      const response = await send(route, headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(a.videoId);
    },
  );

  it("shows every member of clinic A, whatever their role, the clinic's video", async () => {
    for (const role of ROLES) {
      const list = await send('GET /api/videos', { cookie: a[role] });
      const ids = list.json<{ videos: { id: string }[] }>().videos.map((video) => video.id);
      expect(ids, role).toContain(a.videoId);
      const one = await send('GET /api/videos/:id', { cookie: a[role] });
      expect({ role, status: one.statusCode }).toEqual({ role, status: 200 });
    }
  });

  it("keeps API keys as the clinic's: one admin's key is listed and revoked by the owner, never by another clinic", async () => {
    const created = await send('POST /api/keys', { cookie: a.admin });
    expect(created.statusCode).toBe(201);
    const keyId = created.json<{ id: string }>().id;
    const listed = await send('GET /api/keys', { cookie: a.owner });
    expect(listed.json<{ keys: { id: string }[] }>().keys.map((key) => key.id)).toContain(keyId);
    const elsewhere = await send('GET /api/keys', { cookie: b.cookie });
    expect(elsewhere.body).not.toContain(keyId);
    expect((await send('DELETE /api/keys/:id', { cookie: b.cookie }, keyId)).statusCode).toBe(404);
    expect((await send('DELETE /api/keys/:id', { cookie: a.owner }, keyId)).statusCode).toBe(204);
    const row = await full.test.runtime.database.db
      .selectFrom('api_keys')
      .select(['user_id', 'revoked_at'])
      .where('id', '=', keyId)
      .executeTakeFirstOrThrow();
    // The member who made it stays recorded.
    expect(row.user_id).toBe(a.adminId);
    expect(row.revoked_at).not.toBeNull();
  });

  it("takes feedback on the clinic's video from any member, never from another clinic", async () => {
    const feedback = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { origin: ORIGIN, cookie },
        payload: { videoId: a.videoId, rating: 'good' },
      });
    // The owner made it; the staff member acting for the clinic may rate it.
    expect((await feedback(a.staff)).statusCode).toBe(201);
    const elsewhere = await feedback(b.cookie);
    expect(elsewhere.statusCode).toBe(404);
    const rows = await full.test.runtime.database.db
      .selectFrom('video_feedback')
      .select('user_id')
      .where('video_id', '=', a.videoId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("lists none of clinic A's videos for another clinic, by session or API key", async () => {
    const bySession = await send('GET /api/videos', { cookie: b.cookie });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.body).not.toContain(a.videoId);
    const byKey = await send('GET /api/v1/videos', { authorization: `Bearer ${b.key}` });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.body).not.toContain(a.videoId);
  });

  it('answers signed-out requests to clinic, team and account routes with 401', async () => {
    for (const [route, access] of Object.entries(ROUTES)) {
      if (access.kind === 'public' || access.kind === 'api-key') continue;
      // Better Auth's own change-email and the reset check answer for themselves; an upload is
      // read before sign-in is checked (SPEC §5 order), so an empty one is refused first.
      if (
        route === 'POST /api/auth/change-email' ||
        route.includes('password-reset') ||
        route === 'POST /api/videos'
      )
        continue;
      const response = await send(route, {});
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
    }
  });
});
