import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DATA_EXPORT_JSON_NAME,
  dataExportDocumentSchema,
  dataExportSchema,
  latestDataExportSchema,
} from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AuditEntry } from '../audit/audit-trail.ts';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import { addClinicMember, personalClinicOf } from '../testing/clinic-members.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import type { ImageInspector } from '../services/videos.service.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { readZip } from '../testing/read-zip.ts';
import { RecordingAuditTrail } from '../testing/recording-audit-trail.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';
import { openDataRights, type DataRights } from './open-data-rights.ts';

// Issue #18 §2: a clinic deletes a video, deletes its account, and downloads its data.

const ORIGIN = 'http://localhost:3999';
const PHOTO = Buffer.from('pretend-this-is-a-photo');
const PASSWORD = 'radiant2024';
/** What the fake renderer writes as every MP4. */
const FAKE_MP4 = Buffer.from('0123456789abcdefghij');

const anyPhoto: ImageInspector = {
  inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

/** Fails the next `record` call once, to show a change stands or falls with its audit entry. */
class AuditTrailForTest extends RecordingAuditTrail {
  failNext = false;

  override record(entry: AuditEntry): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('audit log unavailable'));
    }
    return super.record(entry);
  }
}

describe.each(DATABASE_KINDS)('data rights on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  let publicApi: PublicApi;
  let dataRights: DataRights;
  const renderer = new FakeRenderer();
  const audit = new AuditTrailForTest();
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer,
      inspector: anyPhoto,
      log: quiet,
    });
    publicApi = openPublicApi(test.config, test.runtime, pipeline, { log: quiet });
    dataRights = openDataRights(test.config, test.runtime, pipeline, {
      audit,
      readAuditLog: (accountId) => Promise.resolve(audit.of(accountId)),
      business: test.runtime.business,
      log: quiet,
    });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
      videoPipeline: pipeline,
      publicApi,
      dataRights,
      business: test.runtime.business,
    });
  });
  afterAll(async () => {
    await app.close();
    await dataRights.close();
    await publicApi.close();
    await pipeline.close();
    await test.dispose();
  });

  const db = () => test.runtime.database.db;
  const videoFile = (key: string) => path.join(test.config.dataDir, 'videos', key);

  async function clinic() {
    const account = await signUpForCookie(app, ORIGIN);
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: account.cookie, origin: ORIGIN },
      payload: { name: 'Zapier' },
    });
    return { ...account, key: created.json<{ key: string }>().key };
  }

  async function completedVideo(cookie: string): Promise<string> {
    const body = multipart({ consent: 'true', patientReference: 'P-1042' }, PHOTO);
    const created = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(202);
    const id = created.json<{ id: string }>().id;
    await expect
      .poll(
        async () =>
          (
            await app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie } })
          ).json<{ status: string }>().status,
      )
      .toBe('completed');
    // The credit is committed just after the record turns completed.
    await expect
      .poll(async () => {
        const row = await db()
          .selectFrom('credit_reservations')
          .innerJoin('videos', 'videos.reservation_id', 'credit_reservations.id')
          .select('credit_reservations.status')
          .where('videos.id', '=', id)
          .executeTakeFirst();
        return row?.status;
      })
      .toBe('committed');
    return id;
  }

  async function storedKeys(id: string) {
    const row = await db()
      .selectFrom('videos')
      .select(['video_key', 'thumbnail_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return [row.video_key, row.thumbnail_key].filter((key): key is string => key !== null);
  }

  const deleteVideo = (cookie: string, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers: { cookie, origin: ORIGIN } });

  describe('deleting a video', () => {
    it('removes the MP4 and poster at once and leaves a bare row for the ledger and audit log', async () => {
      const { cookie, userId } = await clinic();
      const id = await completedVideo(cookie);
      const keys = await storedKeys(id);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(existsSync(videoFile(key))).toBe(true);
      const ledgerBefore = await db()
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();

      const deleted = await deleteVideo(cookie, id);
      expect(deleted.statusCode).toBe(204);

      for (const key of keys) expect(existsSync(videoFile(key))).toBe(false);
      for (const url of [
        `/api/videos/${id}`,
        `/api/videos/${id}/download`,
        `/api/videos/${id}/thumbnail`,
      ]) {
        const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(answer.statusCode, url).toBe(404);
      }
      const list = await app.inject({ method: 'GET', url: '/api/videos', headers: { cookie } });
      expect(
        list.json<{ videos: { id: string }[] }>().videos.map((video) => video.id),
      ).not.toContain(id);
      const row = await db()
        .selectFrom('videos')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'deleted',
        title: '',
        prompt: '',
        provenance: null,
        video_key: null,
        thumbnail_key: null,
        user_id: userId,
      });
      expect(row.deleted_at).toBeInstanceOf(Date);
      const consent = await db()
        .selectFrom('consent_records')
        .selectAll()
        .where('video_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(consent).toMatchObject({
        attested_by_name: '',
        ip_address: null,
        user_agent: null,
        patient_reference: null,
      });
      const ledgerAfter = await db()
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(ledgerAfter).toEqual(ledgerBefore);
      expect(audit.of(userId).filter((entry) => entry.kind === 'video.deleted')).toEqual([
        expect.objectContaining({
          target: { type: 'video', id },
          actor: expect.objectContaining({ kind: 'user', userId }) as unknown,
        }),
      ]);
    });

    it('answers 404 for another account’s video, a second delete and a malformed id, changing nothing', async () => {
      const owner = await clinic();
      const stranger = await clinic();
      const id = await completedVideo(owner.cookie);
      const keys = await storedKeys(id);

      const foreign = await deleteVideo(stranger.cookie, id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
      for (const key of keys) expect(existsSync(videoFile(key))).toBe(true);
      const stillThere = await app.inject({
        method: 'GET',
        url: `/api/videos/${id}`,
        headers: { cookie: owner.cookie },
      });
      expect(stillThere.statusCode).toBe(200);

      expect((await deleteVideo(owner.cookie, id)).statusCode).toBe(204);
      const entries = audit.entries.length;
      const twice = await deleteVideo(owner.cookie, id);
      expect(twice.statusCode).toBe(404);
      expect(audit.entries.length).toBe(entries);
      expect((await deleteVideo(owner.cookie, 'not-a-video')).statusCode).toBe(404);
      const signedOut = await app.inject({
        method: 'DELETE',
        url: `/api/videos/${id}`,
        headers: { origin: ORIGIN },
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('refuses with 409 while the video is still rendering', async () => {
      const { cookie } = await clinic();
      renderer.hold();
      const body = multipart({ consent: 'true' }, PHOTO);
      const created = await app.inject({
        method: 'POST',
        url: '/api/videos',
        headers: { ...body.headers, cookie, origin: ORIGIN },
        payload: body.payload,
      });
      const id = created.json<{ id: string }>().id;
      try {
        const refused = await deleteVideo(cookie, id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: { code: 'video_rendering' } });
      } finally {
        renderer.release();
      }
      await expect
        .poll(
          async () =>
            (
              await app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie } })
            ).json<{ status: string }>().status,
        )
        .toBe('completed');
    });

    it('keeps the video when its audit entry cannot be written', async () => {
      const { cookie } = await clinic();
      const id = await completedVideo(cookie);
      const keys = await storedKeys(id);
      audit.failNext = true;
      const failed = await deleteVideo(cookie, id);
      expect(failed.statusCode).toBe(500);
      const row = await db()
        .selectFrom('videos')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('completed');
      for (const key of keys) expect(existsSync(videoFile(key))).toBe(true);
    });

    it('is DELETE /api/v1/videos/{id} with an API key, and the signed links stop working', async () => {
      const { cookie, key } = await clinic();
      const id = await completedVideo(cookie);
      const authorization = `Bearer ${key}`;
      const fetched = await app.inject({
        method: 'GET',
        url: `/api/v1/videos/${id}`,
        headers: { authorization },
      });
      const downloadUrl = new URL(fetched.json<{ download_url: string }>().download_url);
      const before = await app.inject({
        method: 'GET',
        url: downloadUrl.pathname + downloadUrl.search,
      });
      expect(before.statusCode).toBe(200);

      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${id}`,
        headers: { authorization },
      });
      expect(deleted.statusCode).toBe(204);
      const after = await app.inject({
        method: 'GET',
        url: downloadUrl.pathname + downloadUrl.search,
      });
      expect(after.statusCode).toBe(404);
      const again = await app.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${id}`,
        headers: { authorization },
      });
      expect(again.statusCode).toBe(404);
      const unauthenticated = await app.inject({ method: 'DELETE', url: `/api/v1/videos/${id}` });
      expect(unauthenticated.statusCode).toBe(401);
      const openApi = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      const operation = openApi.json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>().paths['/api/v1/videos/{id}']?.delete;
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['204', '401', '404', '409']),
      );
    });
  });

  describe('deleting the account', () => {
    const deleteAccount = (cookie: string, payload: object) =>
      app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie, origin: ORIGIN },
        payload,
      });

    it('refuses a wrong e-mail or password and deletes nothing', async () => {
      const { cookie, email, userId } = await clinic();
      const wrongEmail = await deleteAccount(cookie, {
        email: 'someone@else.example',
        password: PASSWORD,
      });
      expect(wrongEmail.statusCode).toBe(422);
      expect(wrongEmail.json()).toMatchObject({ error: { code: 'confirmation_mismatch' } });
      const wrongPassword = await deleteAccount(cookie, { email, password: 'not-my-password1' });
      expect(wrongPassword.statusCode).toBe(403);
      expect(wrongPassword.json()).toMatchObject({ error: { code: 'wrong_password' } });
      const noPassword = await deleteAccount(cookie, { email });
      expect(noPassword.statusCode).toBe(403);
      const noBody = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie, origin: ORIGIN },
      });
      expect(noBody.statusCode).toBe(415);
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(
        await db().selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst(),
      ).toBeDefined();
      expect(audit.of(userId).some((entry) => entry.kind === 'account.deleted')).toBe(false);
    });

    it('refuses the only owner of a clinic with other members (409, nothing changes); a member just leaves', async () => {
      const owner = await clinic();
      const staff = await signUpForCookie(app, ORIGIN);
      const clinicA = await personalClinicOf(db(), owner.userId);
      await addClinicMember(db(), clinicA, staff.userId, 'staff');

      const refused = await deleteAccount(owner.cookie, { email: owner.email, password: PASSWORD });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'conflict',
          message: 'Transfer ownership of Test Clinic before deleting your account.',
        },
      });
      expect(
        await db()
          .selectFrom('user')
          .select('id')
          .where('id', '=', owner.userId)
          .executeTakeFirst(),
      ).toBeDefined();
      const members = () =>
        db()
          .selectFrom('member')
          .select(['userId', 'role'])
          .where('organizationId', '=', clinicA)
          .orderBy('role')
          .execute();
      expect(await members()).toEqual([
        { userId: owner.userId, role: 'owner' },
        { userId: staff.userId, role: 'staff' },
      ]);
      expect(audit.of(owner.userId).some((entry) => entry.kind === 'account.deleted')).toBe(false);

      const left = await deleteAccount(staff.cookie, { email: staff.email, password: PASSWORD });
      expect(left.statusCode).toBe(200);
      expect(await members()).toEqual([{ userId: owner.userId, role: 'owner' }]);
      // With no one else in it, the owner may now go (and the clinic with them).
      const gone = await deleteAccount(owner.cookie, { email: owner.email, password: PASSWORD });
      expect(gone.statusCode).toBe(200);
      expect(
        await db()
          .selectFrom('organization')
          .select('id')
          .where('id', '=', clinicA)
          .executeTakeFirst(),
      ).toBeUndefined();
    });

    it('asks accounts without a password for a sign-in within the last 10 minutes', async () => {
      const { cookie, email, userId } = await clinic();
      await db().deleteFrom('account').where('userId', '=', userId).execute();
      const requirements = await app.inject({
        method: 'GET',
        url: '/api/account/deletion',
        headers: { cookie },
      });
      expect(requirements.json()).toEqual({ hasPassword: false, signedInRecently: true });
      await db()
        .updateTable('session')
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where('userId', '=', userId)
        .execute();
      const stale = await deleteAccount(cookie, { email });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ error: { code: 'recent_sign_in_required' } });
      await db()
        .updateTable('session')
        .set({ createdAt: new Date() })
        .where('userId', '=', userId)
        .execute();
      expect((await deleteAccount(cookie, { email: email.toUpperCase() })).statusCode).toBe(200);
    });

    it('deletes videos, keys, brand kit, photo, sessions and profile, keeps ledger totals, and frees the e-mail', async () => {
      const { cookie, email, userId, key } = await clinic();
      const videoId = await completedVideo(cookie);
      const keys = await storedKeys(videoId);
      // An entry in the real audit table, which goes with the account.
      await test.runtime.audit.record({
        kind: 'account.signed_in',
        accountId: userId,
        actor: { kind: 'user', userId, ipAddress: '203.0.113.7', userAgent: 'Safari' },
      });
      const logo = multipart({}, null, { logo: PHOTO });
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/brand/logo',
            headers: { ...logo.headers, cookie, origin: ORIGIN },
            payload: logo.payload,
          })
        ).statusCode,
      ).toBe(200);
      const photo = multipart({}, null, { photo: PHOTO });
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/me/photo',
            headers: { ...photo.headers, cookie, origin: ORIGIN },
            payload: photo.payload,
          })
        ).statusCode,
      ).toBe(200);
      const logoKey = (
        await db()
          .selectFrom('brand_kits')
          .select('logo_key')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).logo_key;
      const photoKey = (
        await db()
          .selectFrom('profile_photos')
          .select('photo_key')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).photo_key;
      const logoPath = path.join(test.config.dataDir, 'brand-logos', `${logoKey}.logo`);
      const photoPath = path.join(test.config.dataDir, 'profile-photos', `${photoKey}.photo`);
      expect(existsSync(logoPath)).toBe(true);
      expect(existsSync(photoPath)).toBe(true);
      const ledger = await db()
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      const totalsBefore = await db()
        .selectFrom('deleted_account_ledger_totals')
        .selectAll()
        .execute();

      const deleted = await deleteAccount(cookie, { email: ` ${email} `, password: PASSWORD });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ deleted: true });
      expect(String(deleted.headers['set-cookie'])).toMatch(/session_token=; Max-Age=0/);

      expect(
        (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
      ).toBe(401);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/videos',
            headers: { authorization: `Bearer ${key}` },
          })
        ).statusCode,
      ).toBe(401);
      for (const file of [...keys.map(videoFile), logoPath, photoPath])
        expect(existsSync(file), file).toBe(false);
      for (const table of [
        'profiles',
        'videos',
        'credit_ledger',
        'api_keys',
        'brand_kits',
        'profile_photos',
        'consent_records',
      ] as const) {
        const left = await db()
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', userId)
          .execute();
        expect(left, table).toEqual([]);
      }
      expect(
        await db().selectFrom('session').select('id').where('userId', '=', userId).execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('account').select('id').where('userId', '=', userId).execute(),
      ).toEqual([]);
      expect(await db().selectFrom('user').select('id').where('id', '=', userId).execute()).toEqual(
        [],
      );
      expect(
        await db()
          .selectFrom('audit_events')
          .select('id')
          .where('account_id', '=', userId)
          .execute(),
      ).toEqual([]);

      // The books keep the totals per bucket and reason, under an id that is not the account's.
      const known = new Set(totalsBefore.map((row) => row.id));
      const kept = (
        await db().selectFrom('deleted_account_ledger_totals').selectAll().execute()
      ).filter((row) => !known.has(row.id));
      expect(kept.length).toBeGreaterThan(0);
      expect(new Set(kept.map((row) => row.anonymous_account_id)).size).toBe(1);
      expect(kept[0]?.anonymous_account_id).not.toBe(userId);
      expect(kept.reduce((sum, row) => sum + row.total_delta, 0)).toBe(
        ledger.reduce((sum, row) => sum + row.delta, 0),
      );
      expect(kept.reduce((sum, row) => sum + row.entries, 0)).toBe(ledger.length);
      expect(audit.of(userId).filter((entry) => entry.kind === 'account.deleted')).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ kind: 'user', userId }) as unknown,
        }),
      ]);

      const again = await signUpForCookie(app, ORIGIN, email);
      expect(again.userId).not.toBe(userId);
      const me = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: again.cookie },
      });
      expect(me.json()).toMatchObject({ email, credits: { total: expect.any(Number) as unknown } });
      const videos = await app.inject({
        method: 'GET',
        url: '/api/videos',
        headers: { cookie: again.cookie },
      });
      expect(videos.json()).toEqual({ videos: [] });
    });

    it('is deleted by the retention job as the system, once', async () => {
      const { userId } = await clinic();
      await dataRights.accountDeletion.deleteAccount(userId);
      expect(audit.of(userId).at(-1)).toMatchObject({
        kind: 'account.deleted',
        actor: { kind: 'system' },
      });
      await expect(dataRights.accountDeletion.deleteAccount(userId)).rejects.toMatchObject({
        code: 'account_deleted',
      });
    });
  });

  describe('downloading my data', () => {
    const requestExport = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/exports',
        headers: { cookie, origin: ORIGIN },
      });

    async function readyExport(cookie: string) {
      const started = await requestExport(cookie);
      expect(started.statusCode).toBe(202);
      const building = dataExportSchema.parse(started.json());
      expect(building.status).toBe('building');
      let latest = building;
      await expect
        .poll(async () => {
          const answer = await app.inject({
            method: 'GET',
            url: '/api/account/exports/latest',
            headers: { cookie },
          });
          latest = latestDataExportSchema.parse(answer.json()).export ?? building;
          return latest.status;
        })
        .toBe('ready');
      return latest;
    }

    it('builds a zip with the JSON document and every MP4, offered for 24 hours', async () => {
      const { cookie, email, userId } = await clinic();
      const videoId = await completedVideo(cookie);
      // The generative engine's notice, accepted (issue #20): part of what the clinic did.
      await db()
        .insertInto('engine_opt_ins')
        .values({
          user_id: userId,
          clinic_id: personalClinicIdOf(userId),
          engine: 'veo',
          notice_version: '2026-11-26',
          accepted_by: userId,
          accepted_at: new Date('2026-11-26T10:00:00Z'),
        })
        .execute();
      const ready = await readyExport(cookie);
      expect(ready.progress).toBe(100);
      expect(ready.downloadUrl).toBe(`/api/account/exports/${ready.id}/download`);
      const offered = Date.parse(ready.expiresAt ?? '') - Date.parse(ready.readyAt ?? '');
      expect(offered).toBe(24 * 60 * 60 * 1000);

      const download = await app.inject({
        method: 'GET',
        url: ready.downloadUrl ?? '',
        headers: { cookie },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      const files = await readZip(download.rawPayload);
      const document = dataExportDocumentSchema.parse(
        JSON.parse(files.get(DATA_EXPORT_JSON_NAME)?.toString('utf8') ?? 'null'),
      );
      expect(document.profile).toMatchObject({ id: userId, email });
      expect(document.ledger.length).toBeGreaterThan(0);
      const ownClinic = await personalClinicOf(db(), userId);
      expect(document.clinics).toEqual([{ id: ownClinic, name: 'Test Clinic', personal: true }]);
      expect(document.ledger.every((entry) => entry.clinicId === ownClinic)).toBe(true);
      expect(document.engineOptIns).toEqual([
        {
          clinicId: ownClinic,
          engine: 'veo',
          noticeVersion: '2026-11-26',
          acceptedBy: userId,
          acceptedAt: '2026-11-26T10:00:00.000Z',
        },
      ]);
      expect(document.videos).toEqual([
        expect.objectContaining({
          id: videoId,
          clinicId: ownClinic,
          engine: 'builtin',
          file: `videos/${videoId}.mp4`,
          provenance: { engine: 'fake' },
          consent: expect.objectContaining({ patientReference: 'P-1042' }) as unknown,
        }),
      ]);
      expect(document.auditLog).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'export.requested' })]),
      );
      expect(files.get(`videos/${videoId}.mp4`)).toEqual(FAKE_MP4);

      const stranger = await clinic();
      const foreign = await app.inject({
        method: 'GET',
        url: ready.downloadUrl ?? '',
        headers: { cookie: stranger.cookie },
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('allows one export at a time per account', async () => {
      const { cookie, userId } = await clinic();
      await db()
        .insertInto('data_exports')
        .values({ id: crypto.randomUUID(), user_id: userId, status: 'building' })
        .execute();
      const second = await requestExport(cookie);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: { code: 'export_in_progress' } });
    });

    it('removes expired zips and answers 410 for them', async () => {
      const { cookie } = await clinic();
      await completedVideo(cookie);
      const ready = await readyExport(cookie);
      const zipPath = path.join(test.config.dataDir, 'exports', 'zips', `${ready.id}.zip`);
      expect(existsSync(zipPath)).toBe(true);
      expect(await dataRights.exports.removeExpiredExports(new Date())).toBe(0);
      const removed = await dataRights.exports.removeExpiredExports(
        new Date(Date.now() + 25 * 60 * 60 * 1000),
      );
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(existsSync(zipPath)).toBe(false);
      const gone = await app.inject({
        method: 'GET',
        url: ready.downloadUrl ?? '',
        headers: { cookie },
      });
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ error: { code: 'export_expired' } });
      const view = await app.inject({
        method: 'GET',
        url: `/api/account/exports/${ready.id}`,
        headers: { cookie },
      });
      expect(dataExportSchema.parse(view.json()).status).toBe('expired');
      // A new export may be asked for at once.
      expect((await requestExport(cookie)).statusCode).toBe(202);
    });

    it('refuses an export of a deleted account, and deleting the account removes its zips', async () => {
      const { cookie, email, userId } = await clinic();
      const ready = await readyExport(cookie);
      const zipPath = path.join(test.config.dataDir, 'exports', 'zips', `${ready.id}.zip`);
      expect(existsSync(zipPath)).toBe(true);
      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie, origin: ORIGIN },
        payload: { email, password: PASSWORD },
      });
      expect(deleted.statusCode).toBe(200);
      expect(existsSync(zipPath)).toBe(false);
      await expect(
        dataRights.exports.requestExport(userId, { kind: 'system' }),
      ).rejects.toMatchObject({ code: 'account_deleted', status: 410 });
      expect((await requestExport(cookie)).statusCode).toBe(401);
    });
  });
});
