import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageInspector } from '../services/videos.service.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { openPipelineTestApp } from '../testing/pipeline-test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

// Issue #18 §1: every video, from the web form and the public API, stores the consent the
// clinic attested — who, when, from where, for which channels, until when — in the same
// transaction as the video; bad consent details are refused before any credit moves.

const ORIGIN = 'http://localhost:3999';
const PHOTO = Buffer.from('pretend-this-is-a-photo');
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Safari/605.1.15';

const inspector: ImageInspector = {
  inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

interface Warning {
  code: string;
  message: string;
}

describe.each(DATABASE_KINDS)('consent records on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const renderer = new FakeRenderer();

  beforeAll(async () => {
    test = await openTestRuntime(kind, { WEBHOOK_ALLOW_LOOPBACK: 'true' });
    ({ app, close } = await openPipelineTestApp(test, {
      renderer,
      inspector,
    }));
  });
  afterAll(async () => {
    await close();
    await test.dispose();
  });

  async function clinic() {
    const { cookie, userId } = await signUpForCookie(app, ORIGIN);
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie },
      payload: { name: 'Zapier' },
    });
    return { cookie, userId, key: created.json<{ key: string }>().key };
  }

  function postForm(cookie: string, fields: Record<string, string>) {
    const body = multipart({ consent: 'true', ...fields }, PHOTO);
    return app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, 'user-agent': BROWSER },
      payload: body.payload,
      remoteAddress: '203.0.113.7',
    });
  }

  function postApi(key: string, fields: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${key}`, 'user-agent': 'Zapier/1.0' },
      payload: { composite_image: PHOTO.toString('base64'), consent_attested: true, ...fields },
      remoteAddress: '198.51.100.4',
    });
  }

  async function stored(videoId: string) {
    return test.runtime.database.db
      .selectFrom('consent_records')
      .selectAll()
      .where('video_id', '=', videoId)
      .executeTakeFirst();
  }

  async function countOf(userId: string) {
    const db = test.runtime.database.db;
    const videos = await db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    const consents = await db
      .selectFrom('consent_records')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    return {
      videos: videos.length,
      consents: consents.length,
      credits: (await test.runtime.credits.getBalance(userId)).total,
    };
  }

  it('records the web form’s consent with who, when, where from, channels, reference and expiry', async () => {
    const account = await clinic();
    const before = Date.now();
    const response = await postForm(account.cookie, {
      consentChannels: 'social,website,ads',
      patientReference: '  C-1042  ',
      consentExpiresAt: '2099-06-30',
    });
    expect(response.statusCode).toBe(202);
    const video = response.json<{ id: string; consent: unknown; warnings: Warning[] }>();
    expect(video.warnings.map((warning) => warning.code)).not.toContain(
      'consent_channels_defaulted',
    );

    const row = await stored(video.id);
    expect(row).toMatchObject({
      user_id: account.userId,
      attested_by_user_id: account.userId,
      ip_address: '203.0.113.7',
      user_agent: BROWSER,
      patient_reference: 'C-1042',
      channels: JSON.stringify(['website', 'social', 'ads']),
      revoked_at: null,
    });
    expect(row!.attested_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // A date covers that whole day: the consent ends when the next one begins (UTC).
    expect(row!.expires_at?.toISOString()).toBe('2099-07-01T00:00:00.000Z');

    const shown = await app.inject({
      method: 'GET',
      url: `/api/videos/${video.id}`,
      headers: { cookie: account.cookie },
    });
    expect(shown.json<{ consent: unknown }>().consent).toEqual({
      id: row!.id,
      attestedBy: { userId: account.userId, name: row!.attested_by_name },
      attestedAt: row!.attested_at.toISOString(),
      channels: ['website', 'social', 'ads'],
      patientReference: 'C-1042',
      expiresAt: '2099-07-01T00:00:00.000Z',
      revokedAt: null,
    });
    expect(row!.attested_by_name.length).toBeGreaterThan(0);
    // The list shows the same record; the address and browser stay in the record only.
    const list = await app.inject({
      method: 'GET',
      url: '/api/videos',
      headers: { cookie: account.cookie },
    });
    const listed = list.json<{ videos: { id: string; consent: unknown }[] }>().videos;
    expect(listed.find((entry) => entry.id === video.id)?.consent).toEqual(
      shown.json<{ consent: unknown }>().consent,
    );
    expect(JSON.stringify(listed)).not.toContain('203.0.113.7');
  });

  it('defaults the channels to website and social media and says so, on the form and the API', async () => {
    const account = await clinic();
    const form = await postForm(account.cookie, {});
    const viaApi = await postApi(account.key, {});
    expect(form.statusCode).toBe(202);
    expect(viaApi.statusCode).toBe(202);
    for (const body of [
      form.json<{ warnings: Warning[] }>(),
      viaApi.json<{ warnings: Warning[] }>(),
    ])
      expect(body.warnings).toContainEqual({
        code: 'consent_channels_defaulted',
        message:
          'No consent channels were given, so the consent was recorded for website and social media.',
      });
    for (const id of [form.json<{ id: string }>().id, viaApi.json<{ id: string }>().id])
      expect((await stored(id))?.channels).toBe(JSON.stringify(['website', 'social']));
  });

  it('takes the API’s consent object (JSON and multipart) and shows it in snake_case', async () => {
    const account = await clinic();
    const response = await postApi(account.key, {
      consent: {
        channels: ['email', 'ads', 'email'],
        patient_reference: 'Chart 77',
        expires_at: '2099-01-02T03:04:05+02:00',
      },
    });
    expect(response.statusCode).toBe(202);
    const id = response.json<{ id: string }>().id;
    const row = await stored(id);
    expect(row).toMatchObject({
      ip_address: '198.51.100.4',
      user_agent: 'Zapier/1.0',
      channels: JSON.stringify(['ads', 'email']),
      patient_reference: 'Chart 77',
    });
    const shown = await app.inject({
      method: 'GET',
      url: `/api/v1/videos/${id}`,
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(shown.json<{ consent: unknown }>().consent).toEqual({
      id: row!.id,
      attested_by: { user_id: account.userId, name: row!.attested_by_name },
      attested_at: row!.attested_at.toISOString(),
      channels: ['ads', 'email'],
      patient_reference: 'Chart 77',
      expires_at: '2099-01-02T01:04:05.000Z',
      revoked_at: null,
    });

    const body = multipart(
      { consent_attested: 'true', consent: JSON.stringify({ channels: ['website'] }) },
      null,
      { composite_image: PHOTO },
    );
    const viaMultipart = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...body.headers, authorization: `Bearer ${account.key}` },
      payload: body.payload,
    });
    expect(viaMultipart.statusCode).toBe(202);
    expect((await stored(viaMultipart.json<{ id: string }>().id))?.channels).toBe('["website"]');
  });

  it('writes the consent id, and nothing personal, into the render’s provenance request', async () => {
    const account = await clinic();
    const response = await postForm(account.cookie, {
      consentChannels: 'website',
      patientReference: 'C-2001',
    });
    const id = response.json<{ id: string }>().id;
    const row = await stored(id);
    await expect
      .poll(() => renderer.requests.find((request) => request.consentId === row!.id))
      .toBeDefined();
    const request = renderer.requests.find((entry) => entry.consentId === row!.id);
    expect(JSON.stringify(request)).not.toContain('C-2001');
  });

  it.each([
    [
      'an unknown channel',
      { consentChannels: 'website,billboard' },
      'consentChannels',
      'Unknown consent channel "billboard". Use any of: website, social, ads, email.',
    ],
    [
      'a reference over 64 characters',
      { patientReference: 'x'.repeat(65) },
      'patientReference',
      'The patient reference can be at most 64 characters.',
    ],
    [
      'an expiry in the past',
      { consentExpiresAt: '2020-01-01' },
      'consentExpiresAt',
      'The consent expiry date must be in the future.',
    ],
    [
      'an expiry that is not a date',
      { consentExpiresAt: 'next spring' },
      'consentExpiresAt',
      'The consent expiry must be a date (YYYY-MM-DD) or a date and time with a time zone.',
    ],
    [
      'an impossible date',
      { consentExpiresAt: '2099-02-31' },
      'consentExpiresAt',
      'The consent expiry must be a date (YYYY-MM-DD) or a date and time with a time zone.',
    ],
  ])(
    'refuses %s on the web form with 422, writing nothing',
    async (_label, fields, field, message) => {
      const account = await clinic();
      const start = await countOf(account.userId);
      const response = await postForm(account.cookie, fields);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', message, details: { field } },
      });
      expect(await countOf(account.userId)).toEqual(start);
    },
  );

  it.each([
    ['no channel at all', { channels: [] }, 'invalid_consent', 'consent.channels'],
    ['an unknown channel', { channels: ['billboard'] }, 'invalid_consent', 'consent.channels.0'],
    ['an unknown field', { patient_name: 'Jane Doe' }, 'invalid_consent', 'consent'],
    [
      'an expiry in the past',
      { expires_at: '2001-01-01' },
      'invalid_consent',
      'consent.expires_at',
    ],
    // Control characters get the answer they get in every field.
    [
      'a reference with a line break',
      { patient_reference: 'a\nb' },
      'validation_failed',
      'consent.patient_reference',
    ],
  ])(
    'refuses %s in the API’s consent with 422, writing nothing',
    async (_label, consent, code, field) => {
      const account = await clinic();
      const start = await countOf(account.userId);
      const response = await postApi(account.key, { consent });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { code, details: { field } } });
      expect(await countOf(account.userId)).toEqual(start);
    },
  );

  it('refuses a multipart consent that is not JSON', async () => {
    const account = await clinic();
    const body = multipart({ consent_attested: 'true', consent: 'website' }, null, {
      composite_image: PHOTO,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...body.headers, authorization: `Bearer ${account.key}` },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: {
        code: 'invalid_consent',
        message: 'consent must be a JSON object, e.g. {"channels":["website","social"]}.',
      },
    });
  });

  async function completed(cookie: string, id: string) {
    await expect
      .poll(
        async () =>
          (
            await app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie } })
          ).json<{ status: string }>().status,
      )
      .toBe('completed');
  }

  function revoke(cookie: string, id: string, payload: unknown) {
    return app.inject({
      method: 'POST',
      url: `/api/videos/${id}/consent/revoke`,
      headers: { cookie, origin: ORIGIN },
      payload: payload as object,
    });
  }

  it('revokes a consent once: the video is withdrawn at once, downloads answer 410', async () => {
    const account = await clinic();
    const id = (await postForm(account.cookie, { consentChannels: 'website' })).json<{
      id: string;
    }>().id;
    await completed(account.cookie, id);
    const download = () =>
      app.inject({
        method: 'GET',
        url: `/api/videos/${id}/download`,
        headers: { cookie: account.cookie },
      });
    expect((await download()).statusCode).toBe(200);

    // No reason, or another clinic: refused, nothing changes.
    expect((await revoke(account.cookie, id, {})).statusCode).toBe(400);
    const stranger = await clinic();
    const foreign = await revoke(stranger.cookie, id, { reason: 'Patient asked' });
    expect(foreign.statusCode).toBe(404);
    expect((await stored(id))?.revoked_at).toBeNull();

    const revoked = await revoke(account.cookie, id, { reason: '  Patient withdrew consent  ' });
    expect(revoked.statusCode).toBe(200);
    const revokedAt = revoked.json<{ consent: { revokedAt: string | null } }>().consent.revokedAt;
    expect(revokedAt).not.toBeNull();
    expect(await stored(id)).toMatchObject({
      revoked_reason: 'Patient withdrew consent',
      revoked_by_user_id: account.userId,
    });

    const after = await download();
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({
      error: {
        code: 'consent_revoked',
        message: `This video was withdrawn: the patient's consent was revoked on ${revokedAt!.slice(0, 10)}.`,
      },
    });
    const thumbnail = await app.inject({
      method: 'GET',
      url: `/api/videos/${id}/thumbnail`,
      headers: { cookie: account.cookie },
    });
    expect(thumbnail.statusCode).toBe(410);

    const again = await revoke(account.cookie, id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await stored(id))?.revoked_reason).toBe('Patient withdrew consent');
  });

  it('revokes through the API: signed links answer 410 and the webhook gets video.consent_revoked', async () => {
    const account = await clinic();
    const accepted = await postApi(account.key, {
      webhook_url: 'http://127.0.0.1:9/hooks',
      consent: { channels: ['website'] },
    });
    const id = accepted.json<{ id: string }>().id;
    await completed(account.cookie, id);
    const video = await app.inject({
      method: 'GET',
      url: `/api/v1/videos/${id}`,
      headers: { authorization: `Bearer ${account.key}` },
    });
    const link = new URL(video.json<{ download_url: string }>().download_url);
    expect((await app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(
      200,
    );

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/v1/videos/${id}/consent/revoke`,
      headers: { authorization: `Bearer ${account.key}` },
      payload: { reason: 'Patient asked by e-mail' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ consent: { revoked_at: string | null } }>().consent.revoked_at).not.toBe(
      null,
    );
    const signed = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(signed.statusCode).toBe(410);
    expect(signed.json()).toMatchObject({ error: { code: 'consent_revoked' } });

    const events = await test.runtime.database.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .where('video_id', '=', id)
      .execute();
    const event = events.find((entry) => entry.event_type === 'video.consent_revoked');
    expect(event).toBeDefined();
    expect(JSON.parse(event!.payload)).toMatchObject({
      type: 'video.consent_revoked',
      data: { id, consent: { revoked_at: expect.any(String) as unknown } },
    });
  });

  it('withdraws a video whose consent has ended when it is next asked for', async () => {
    const account = await clinic();
    const id = (await postForm(account.cookie, { consentExpiresAt: '2099-01-01' })).json<{
      id: string;
    }>().id;
    await completed(account.cookie, id);
    // The consent ran out (the clock moved on).
    await test.runtime.database.db
      .updateTable('consent_records')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('video_id', '=', id)
      .execute();
    const download = await app.inject({
      method: 'GET',
      url: `/api/videos/${id}/download`,
      headers: { cookie: account.cookie },
    });
    expect(download.statusCode).toBe(410);
    expect(download.json()).toMatchObject({ error: { code: 'consent_expired' } });
  });
});
