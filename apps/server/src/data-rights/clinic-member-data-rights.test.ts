import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DATA_EXPORT_JSON_NAME,
  dataExportDocumentSchema,
  dataExportSchema,
  latestDataExportSchema,
  type DataExportDocument,
} from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { OWNER_ROLE } from '../clinics/clinics.repository.ts';
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

// Issue #21 with issue #18 §2: deleting an account and downloading one's data when a clinic
// has several members. What a member made in someone else's clinic is that clinic's record.

const ORIGIN = 'http://localhost:3999';
const PASSWORD = 'radiant2024';
const PHOTO = Buffer.from('pretend-this-is-a-photo');
const STAFF_MP4 = Buffer.from('made-by-the-staff-member');

const anyPhoto: ImageInspector = {
  inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

describe.each(DATABASE_KINDS)('data rights of clinic members on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  let publicApi: PublicApi;
  let dataRights: DataRights;
  const renderer = new FakeRenderer();
  const audit = new RecordingAuditTrail();
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
  /** Where the render job keeps a member's MP4. */
  const staffVideoKey = (userId: string, videoId: string) => `${userId}/${videoId}.mp4`;
  const videoFile = (key: string) => path.join(test.config.dataDir, 'videos', key);

  const deleteAccount = (account: { cookie: string; email: string }) =>
    app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: account.cookie, origin: ORIGIN },
      payload: { email: account.email, password: PASSWORD },
    });

  const me = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{
      credits: unknown;
    }>();

  async function completedVideo(cookie: string): Promise<string> {
    const body = multipart({ consent: 'true', patientReference: 'P-7' }, PHOTO);
    const created = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(202);
    const id = created.json<{ id: string }>().id;
    await expect
      .poll(async () => {
        const row = await db()
          .selectFrom('videos')
          .innerJoin('credit_reservations', 'credit_reservations.id', 'videos.reservation_id')
          .select(['videos.status', 'credit_reservations.status as reservation'])
          .where('videos.id', '=', id)
          .executeTakeFirst();
        return row ? `${row.status}/${row.reservation}` : undefined;
      })
      .toBe('completed/committed');
    return id;
  }

  /**
   * A finished video a member made in `clinicId`, its credit held and committed from the
   * clinic's balance with the ledger naming the member — what shared credits write.
   */
  async function memberVideoIn(clinicId: string, userId: string): Promise<string> {
    const reservationId = crypto.randomUUID();
    const id = crypto.randomUUID();
    await db()
      .insertInto('credit_reservations')
      .values({
        id: reservationId,
        user_id: userId,
        clinic_id: clinicId,
        bucket: 'free',
        status: 'committed',
        settled_at: new Date(),
      })
      .execute();
    await db()
      .insertInto('credit_ledger')
      .values({
        user_id: userId,
        clinic_id: clinicId,
        bucket: 'free',
        delta: -1,
        reason: 'reserve',
        reservation_id: reservationId,
        note: null,
        balance_after: 0,
      })
      .execute();
    const videoKey = staffVideoKey(userId, id);
    await mkdir(path.dirname(videoFile(videoKey)), { recursive: true });
    await writeFile(videoFile(videoKey), STAFF_MP4);
    await db()
      .insertInto('videos')
      .values({
        id,
        user_id: userId,
        clinic_id: clinicId,
        title: 'Made by staff',
        prompt: 'before head turn',
        status: 'completed',
        options: '{}',
        width: 1280,
        height: 720,
        reservation_id: reservationId,
        input_path: null,
        video_key: videoKey,
        thumbnail_key: null,
        processing_time_ms: null,
        file_size: null,
        duration: null,
        error_message: null,
        error_code: null,
        completed_at: new Date(),
      })
      .execute();
    return id;
  }

  const rowsOfClinic = async (clinicId: string) => ({
    videos: await db()
      .selectFrom('videos')
      .select(['id', 'user_id', 'status'])
      .where('clinic_id', '=', clinicId)
      .orderBy('id')
      .execute(),
    ledger: await db()
      .selectFrom('credit_ledger')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .orderBy('id')
      .execute(),
    reservations: await db()
      .selectFrom('credit_reservations')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .orderBy('id')
      .execute(),
  });

  const clinicExists = async (clinicId: string) =>
    (await db()
      .selectFrom('organization')
      .select('id')
      .where('id', '=', clinicId)
      .executeTakeFirst()) !== undefined;

  /** The owner, a staff member of the owner's clinic, and a video the staff member made there. */
  async function clinicWithStaffVideo() {
    const owner = await signUpForCookie(app, ORIGIN);
    const staff = await signUpForCookie(app, ORIGIN);
    const clinic = await personalClinicOf(db(), owner.userId);
    await addClinicMember(db(), clinic, staff.userId, 'staff');
    const ownerVideo = await completedVideo(owner.cookie);
    const staffVideo = await memberVideoIn(clinic, staff.userId);
    return { owner, staff, clinic, ownerVideo, staffVideo };
  }

  describe('deleting a member’s account', () => {
    it('keeps the video and ledger rows a staff member made in the owner’s clinic', async () => {
      const { owner, staff, clinic, staffVideo } = await clinicWithStaffVideo();
      const staffClinic = await personalClinicOf(db(), staff.userId);
      const before = await rowsOfClinic(clinic);
      expect(before.videos.map((video) => video.id)).toContain(staffVideo);
      expect(before.ledger.some((entry) => entry.user_id === staff.userId)).toBe(true);
      const balanceBefore = (await me(owner.cookie)).credits;
      // What the staff member did: one event in the owner's clinic's log, one in their own.
      const eventsOf = (clinicId: string) =>
        db()
          .selectFrom('audit_events')
          .select(['kind', 'actor_user_id'])
          .where('account_id', '=', staff.userId)
          .where('clinic_id', '=', clinicId)
          .execute();
      for (const clinicId of [clinic, staffClinic]) {
        await test.runtime.audit.record({
          kind: 'video.created',
          accountId: staff.userId,
          clinicId,
          actor: { kind: 'user', userId: staff.userId, ipAddress: null, userAgent: null },
          target: { type: 'video', id: staffVideo },
        });
      }

      const deleted = await deleteAccount(staff);
      expect(deleted.statusCode).toBe(200);

      // The clinic's records stay, the member's id kept as a plain id; their files too.
      expect(await rowsOfClinic(clinic)).toEqual(before);
      expect(existsSync(videoFile(staffVideoKey(staff.userId, staffVideo)))).toBe(true);
      expect((await me(owner.cookie)).credits).toEqual(balanceBefore);
      const listed = await app.inject({
        method: 'GET',
        url: '/api/videos',
        headers: { cookie: owner.cookie },
      });
      expect(listed.json<{ videos: { id: string }[] }>().videos.map((video) => video.id)).toContain(
        staffVideo,
      );
      // The person and their own clinic are gone; so is their membership.
      expect(
        await db().selectFrom('user').select('id').where('id', '=', staff.userId).execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('member').select('id').where('userId', '=', staff.userId).execute(),
      ).toEqual([]);
      expect(await clinicExists(staffClinic)).toBe(false);
      // The clinic's log still says what the member did there; their own clinic's log is gone.
      expect(await eventsOf(clinic)).toEqual([
        { kind: 'video.created', actor_user_id: staff.userId },
      ]);
      expect(await eventsOf(staffClinic)).toEqual([]);
      expect(
        await db()
          .selectFrom('profiles')
          .select('user_id')
          .where('clinic_id', '=', staffClinic)
          .execute(),
      ).toEqual([]);
    });

    it('keeps a transferred personal clinic with its data for the new owner', async () => {
      const { owner, staff: admin, clinic, ownerVideo, staffVideo } = await clinicWithStaffVideo();
      await db()
        .updateTable('member')
        .set({ role: 'admin' })
        .where('userId', '=', admin.userId)
        .execute();
      // What the transfer does (ClinicMembersService.transfer): the admin becomes the owner,
      // the owner an admin.
      await db()
        .updateTable('member')
        .set({ role: OWNER_ROLE })
        .where('organizationId', '=', clinic)
        .where('userId', '=', admin.userId)
        .execute();
      await db()
        .updateTable('member')
        .set({ role: 'admin' })
        .where('organizationId', '=', clinic)
        .where('userId', '=', owner.userId)
        .execute();
      const before = await rowsOfClinic(clinic);
      const profileBefore = await db()
        .selectFrom('profiles')
        .selectAll()
        .where('clinic_id', '=', clinic)
        .execute();
      expect(profileBefore).toHaveLength(1);
      const ownerKeys = await db()
        .selectFrom('videos')
        .select('video_key')
        .where('id', '=', ownerVideo)
        .executeTakeFirstOrThrow();

      const deleted = await deleteAccount(owner);
      expect(deleted.statusCode).toBe(200);

      expect(await clinicExists(clinic)).toBe(true);
      expect(
        await db()
          .selectFrom('member')
          .select(['userId', 'role'])
          .where('organizationId', '=', clinic)
          .execute(),
      ).toEqual([{ userId: admin.userId, role: OWNER_ROLE }]);
      expect(await rowsOfClinic(clinic)).toEqual(before);
      expect(
        await db().selectFrom('profiles').selectAll().where('clinic_id', '=', clinic).execute(),
      ).toEqual(profileBefore);
      expect(existsSync(videoFile(ownerKeys.video_key ?? ''))).toBe(true);
      expect(existsSync(videoFile(staffVideoKey(admin.userId, staffVideo)))).toBe(true);
      // No longer anyone's personal clinic; the new owner keeps exactly one of their own.
      const personal = await db()
        .selectFrom('organization')
        .select(['id', 'personalOwnerId'])
        .where((eb) => eb.or([eb('id', '=', clinic), eb('personalOwnerId', '=', admin.userId)]))
        .execute();
      expect(personal).toHaveLength(2);
      expect(personal.find((row) => row.id === clinic)?.personalOwnerId).toBeNull();
      expect(personal.filter((row) => row.personalOwnerId === admin.userId)).toHaveLength(1);
    });

    it('deletes a clinic the account is the only member of, with every row in it', async () => {
      const { owner, staff, clinic, staffVideo } = await clinicWithStaffVideo();
      // The staff member left; their rows are the clinic's, and go with it.
      await db().deleteFrom('member').where('userId', '=', staff.userId).execute();
      const totalsBefore = await db()
        .selectFrom('deleted_account_ledger_totals')
        .select('id')
        .execute();
      const ledger = (await rowsOfClinic(clinic)).ledger;

      expect((await deleteAccount(owner)).statusCode).toBe(200);

      expect(await clinicExists(clinic)).toBe(false);
      expect(await rowsOfClinic(clinic)).toEqual({ videos: [], ledger: [], reservations: [] });
      expect(existsSync(videoFile(staffVideoKey(staff.userId, staffVideo)))).toBe(false);
      const known = new Set(totalsBefore.map((row) => row.id));
      const kept = (
        await db().selectFrom('deleted_account_ledger_totals').selectAll().execute()
      ).filter((row) => !known.has(row.id));
      expect(kept.reduce((sum, row) => sum + row.entries, 0)).toBe(ledger.length);
      expect(kept.reduce((sum, row) => sum + row.total_delta, 0)).toBe(
        ledger.reduce((sum, row) => sum + row.delta, 0),
      );
      // The staff member's own account is untouched.
      expect(
        await db().selectFrom('user').select('id').where('id', '=', staff.userId).execute(),
      ).toHaveLength(1);
    });
  });

  describe('deleting a video', () => {
    const deleteVideo = (cookie: string, id: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/videos/${id}`,
        headers: { cookie, origin: ORIGIN },
      });

    it('is the clinic’s: its owner deletes what staff made, and the maker cannot from another clinic', async () => {
      const { owner, staff, staffVideo } = await clinicWithStaffVideo();
      const status = async () =>
        (
          await db()
            .selectFrom('videos')
            .select('status')
            .where('id', '=', staffVideo)
            .executeTakeFirstOrThrow()
        ).status;
      // The staff member acts for their own clinic, where this video is not.
      const elsewhere = await deleteVideo(staff.cookie, staffVideo);
      expect(elsewhere.statusCode).toBe(404);
      expect(await status()).toBe('completed');
      expect(existsSync(videoFile(staffVideoKey(staff.userId, staffVideo)))).toBe(true);

      expect((await deleteVideo(owner.cookie, staffVideo)).statusCode).toBe(204);
      expect(await status()).toBe('deleted');
      expect(existsSync(videoFile(staffVideoKey(staff.userId, staffVideo)))).toBe(false);
      expect(audit.of(owner.userId).at(-1)).toMatchObject({
        kind: 'video.deleted',
        target: { type: 'video', id: staffVideo },
      });
    });
  });

  describe('downloading my data', () => {
    async function exportOf(cookie: string): Promise<{
      document: DataExportDocument;
      files: Map<string, Buffer>;
    }> {
      const started = await app.inject({
        method: 'POST',
        url: '/api/account/exports',
        headers: { cookie, origin: ORIGIN },
      });
      expect(started.statusCode).toBe(202);
      let latest = dataExportSchema.parse(started.json());
      await expect
        .poll(async () => {
          const answer = await app.inject({
            method: 'GET',
            url: '/api/account/exports/latest',
            headers: { cookie },
          });
          latest = latestDataExportSchema.parse(answer.json()).export ?? latest;
          return latest.status;
        })
        .toBe('ready');
      const download = await app.inject({
        method: 'GET',
        url: latest.downloadUrl ?? '',
        headers: { cookie },
      });
      const files = await readZip(download.rawPayload);
      const document = dataExportDocumentSchema.parse(
        JSON.parse(files.get(DATA_EXPORT_JSON_NAME)?.toString('utf8') ?? 'null'),
      );
      return { document, files };
    }

    it('gives the owner their clinic’s data, labelled by clinic, including what staff made', async () => {
      const { owner, clinic, ownerVideo, staffVideo } = await clinicWithStaffVideo();
      const { document, files } = await exportOf(owner.cookie);
      expect(document.clinics).toEqual([{ id: clinic, name: 'Test Clinic', personal: true }]);
      expect(document.videos.map((video) => [video.id, video.clinicId]).sort()).toEqual(
        [
          [ownerVideo, clinic],
          [staffVideo, clinic],
        ].sort(),
      );
      const ledger = (await rowsOfClinic(clinic)).ledger;
      expect(document.ledger).toHaveLength(ledger.length);
      expect(document.ledger.every((entry) => entry.clinicId === clinic)).toBe(true);
      expect(files.get(`videos/${staffVideo}.mp4`)).toEqual(STAFF_MP4);
    });

    it('gives a staff member their own account and the videos they made, not the clinic’s history', async () => {
      const { staff, clinic, ownerVideo, staffVideo } = await clinicWithStaffVideo();
      const ownClinic = await personalClinicOf(db(), staff.userId);
      const { document, files } = await exportOf(staff.cookie);
      expect(document.profile).toMatchObject({ id: staff.userId, email: staff.email });
      expect(document.clinics).toEqual([{ id: ownClinic, name: 'Test Clinic', personal: true }]);
      expect(document.videos).toEqual([
        expect.objectContaining({ id: staffVideo, clinicId: clinic, consent: null }),
      ]);
      expect(document.videos.map((video) => video.id)).not.toContain(ownerVideo);
      // The clinic's credit history (its balance included) is not the member's to take away.
      expect(document.ledger.every((entry) => entry.clinicId === ownClinic)).toBe(true);
      expect(files.get(`videos/${staffVideo}.mp4`)).toEqual(STAFF_MP4);
      expect(files.has(`videos/${ownerVideo}.mp4`)).toBe(false);
    });
  });
});
