import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import { AppError } from '../errors.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import type { ImageInspector } from '../services/videos.service.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';
import { renderFailureMessage } from '@glowreel/contracts';
import { MAX_RENDER_ATTEMPTS } from '../services/render-jobs.service.ts';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const ORIGIN = 'http://localhost:3999';
const GOOD_IMAGE = Buffer.from('pretend-this-is-a-png');

/** Stands in for the engine's decoder: the route and service rules are what is tested here. */
const inspector: ImageInspector = {
  inspect: (bytes) =>
    Buffer.from(bytes).toString() === 'not-an-image'
      ? Promise.reject(
          new AppError('invalid_image_format', 'The file is plain text, not an image.'),
        )
      : Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

describe('videos API', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  const renderer = new FakeRenderer();

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer,
      inspector,
      log: { info: () => undefined, error: () => undefined },
    });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
      videoPipeline: pipeline,
    });
  });
  afterAll(async () => {
    await app.close();
    await pipeline.close();
    await test.dispose();
  });
  beforeEach(() => {
    renderer.failWith = null;
    renderer.release();
  });

  let addressCounter = 0;
  async function signedInClinic(email = `clinic-${crypto.randomUUID()}@spa.example`) {
    addressCounter += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: `10.2.0.${addressCounter}`,
      payload: { name: 'Glow Clinic', email, password: 'radiant2024' },
    });
    const cookie = response.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const userId = response.json<{ user: { id: string } }>().user.id;
    return { cookie, userId };
  }

  async function creditsOf(cookie: string) {
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    return me.json<{ credits: { total: number } }>().credits.total;
  }

  async function videosOf(userId: string) {
    return test.runtime.database.db
      .selectFrom('videos')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  }

  function uploadsOnDisk(): string[] {
    const folder = path.join(test.config.dataDir, 'tmp', 'uploads');
    return existsSync(folder) ? readdirSync(folder) : [];
  }

  function postVideo(cookie: string | null, fields: Record<string, string>, image: Buffer | null) {
    const body = multipart(fields, image);
    return app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  }

  it('asks for the photo first, even before sign-in', async () => {
    const response = await postVideo(null, { consent: 'true' }, null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: "Please upload a composite 'before and after' photo." },
    });
  });

  it('asks a signed-out visitor to log in', async () => {
    const response = await postVideo(null, { consent: 'true' }, GOOD_IMAGE);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      error: { message: 'Please login to generate videos.' },
    });
  });

  it.each([
    ['without consent', { consent: 'false' }, GOOD_IMAGE, 422],
    [
      'with an unknown animation',
      { consent: 'true', primaryAnimation: 'moonwalk' },
      GOOD_IMAGE,
      422,
    ],
    ['with an unknown aspect', { consent: 'true', aspect: '4:3' }, GOOD_IMAGE, 422],
    ['with a photo that is not an image', { consent: 'true' }, Buffer.from('not-an-image'), 400],
  ])(
    'refuses a request %s without creating a record or spending a credit',
    async (_label, fields, image, status) => {
      const clinic = await signedInClinic();
      const response = await postVideo(clinic.cookie, fields, image);
      expect(response.statusCode).toBe(status);
      expect(await videosOf(clinic.userId)).toHaveLength(0);
      expect(await creditsOf(clinic.cookie)).toBe(5);
    },
  );

  it('refuses with the SPEC message when no credits are left', async () => {
    const clinic = await signedInClinic();
    for (let i = 0; i < 5; i += 1) await test.runtime.credits.reserve(clinic.userId);
    const response = await postVideo(clinic.cookie, { consent: 'true' }, GOOD_IMAGE);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      error: {
        code: 'insufficient_credits',
        message:
          "You don't have enough credits to generate a video. Please upgrade your plan or purchase more credits.",
      },
    });
    expect(await videosOf(clinic.userId)).toHaveLength(0);
  });

  it('accepts a job, renders it, commits the credit, removes the upload and serves the file to its owner only', async () => {
    const clinic = await signedInClinic();
    renderer.hold();
    const response = await postVideo(
      clinic.cookie,
      { consent: 'true', emphasisEffect: 'subtle_zoom', title: 'Lip Refill' },
      GOOD_IMAGE,
    );
    expect(response.statusCode).toBe(202);
    const accepted = response.json<{ id: string; status: string; prompt: string; title: string }>();
    expect(accepted).toMatchObject({ status: 'processing', title: 'Lip Refill' });
    expect(accepted.prompt).toContain('Emphasis: Subtle zoom');
    expect(await creditsOf(clinic.cookie)).toBe(4);
    expect(uploadsOnDisk()).toContain(`${accepted.id}.upload`);

    renderer.release();
    await pipeline.queue.drain();
    const video = (
      await app.inject({
        method: 'GET',
        url: `/api/videos/${accepted.id}`,
        headers: { cookie: clinic.cookie },
      })
    ).json<{
      status: string;
      downloadUrl: string;
      thumbnailUrl: string;
      fileSize: number;
      duration: number;
      processingTime: number;
    }>();
    expect(video).toMatchObject({ status: 'completed', fileSize: 20, duration: 8 });
    expect(video.processingTime).toBeGreaterThanOrEqual(0);
    expect(uploadsOnDisk()).not.toContain(`${accepted.id}.upload`);
    expect(existsSync(path.join(test.config.dataDir, 'tmp', 'renders', accepted.id))).toBe(false);
    expect(await creditsOf(clinic.cookie)).toBe(4);
    const reservation = await test.runtime.database.db
      .selectFrom('credit_reservations')
      .select('status')
      .where('user_id', '=', clinic.userId)
      .executeTakeFirstOrThrow();
    expect(reservation.status).toBe('committed');

    const download = await app.inject({
      method: 'GET',
      url: video.downloadUrl,
      headers: { cookie: clinic.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(
      'attachment; filename="Lip Refill.mp4"',
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.body).toBe('0123456789abcdefghij');
    const ranged = await app.inject({
      method: 'GET',
      url: video.downloadUrl,
      headers: { cookie: clinic.cookie, range: 'bytes=5-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 5-9/20');
    expect(ranged.body).toBe('56789');
    const unsatisfiable = await app.inject({
      method: 'GET',
      url: video.downloadUrl,
      headers: { cookie: clinic.cookie, range: 'bytes=50-60' },
    });
    expect(unsatisfiable.statusCode).toBe(416);

    const stranger = await signedInClinic();
    for (const url of [`/api/videos/${accepted.id}`, video.downloadUrl, video.thumbnailUrl]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: stranger.cookie },
      });
      expect(response.statusCode).toBe(404);
    }
    const list = await app.inject({
      method: 'GET',
      url: '/api/videos',
      headers: { cookie: stranger.cookie },
    });
    expect(list.json()).toEqual({ videos: [] });
  });

  it('marks a failed render failed, refunds the credit and removes the upload', async () => {
    const clinic = await signedInClinic();
    renderer.failWith = 'ffmpeg was killed';
    const response = await postVideo(clinic.cookie, { consent: 'true' }, GOOD_IMAGE);
    const { id } = response.json<{ id: string }>();
    await pipeline.queue.drain();
    const video = (
      await app.inject({
        method: 'GET',
        url: `/api/videos/${id}`,
        headers: { cookie: clinic.cookie },
      })
    ).json<{ status: string; downloadUrl: string | null; errorMessage: string }>();
    expect(video).toMatchObject({ status: 'failed', downloadUrl: null });
    // The renderer's own words stay in the log (issue #18 §6).
    expect(video.errorMessage).toBe(renderFailureMessage('painting_failed', id));
    expect(await creditsOf(clinic.cookie)).toBe(5);
    expect(uploadsOnDisk()).not.toContain(`${id}.upload`);
    expect(existsSync(path.join(test.config.dataDir, 'tmp', 'renders', id))).toBe(false);
  });

  it('lists videos newest first with the default title', async () => {
    const clinic = await signedInClinic();
    const first = (await postVideo(clinic.cookie, { consent: 'true' }, GOOD_IMAGE)).json<{
      id: string;
      title: string;
    }>();
    const second = (await postVideo(clinic.cookie, { consent: 'true' }, GOOD_IMAGE)).json<{
      id: string;
    }>();
    await pipeline.queue.drain();
    expect(first.title).toMatch(/^Clinical Video - [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const list = (
      await app.inject({ method: 'GET', url: '/api/videos', headers: { cookie: clinic.cookie } })
    ).json<{ videos: { id: string }[] }>();
    expect(list.videos.map((video) => video.id)).toEqual([second.id, first.id]);
  });

  it('titles a video after its treatment and date when no title is given', async () => {
    const clinic = await signedInClinic();
    const named = (
      await postVideo(clinic.cookie, { consent: 'true', treatmentTitle: 'Lip Filler' }, GOOD_IMAGE)
    ).json<{ title: string }>();
    const titled = (
      await postVideo(
        clinic.cookie,
        { consent: 'true', treatmentTitle: 'Lip Filler', title: 'Spring campaign' },
        GOOD_IMAGE,
      )
    ).json<{ title: string }>();
    await pipeline.queue.drain();
    expect(named.title).toMatch(/^Lip Filler · [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(titled.title).toBe('Spring campaign');
  });

  it('streams progress and completion as server-sent events', async () => {
    const clinic = await signedInClinic();
    const { id } = (await postVideo(clinic.cookie, { consent: 'true' }, GOOD_IMAGE)).json<{
      id: string;
    }>();
    await pipeline.queue.drain();
    const events = await app.inject({
      method: 'GET',
      url: `/api/videos/${id}/events`,
      headers: { cookie: clinic.cookie },
    });
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.body).toContain('event: completed');
  });

  it('after a restart, fails and refunds jobs whose upload is gone and re-runs the others', async () => {
    const clinic = await signedInClinic();
    const lost = await test.runtime.credits.reserve(clinic.userId);
    const kept = await test.runtime.credits.reserve(clinic.userId);
    const uploadsDir = path.join(test.config.dataDir, 'tmp', 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
    const keptId = crypto.randomUUID();
    const keptPath = path.join(uploadsDir, `${keptId}.upload`);
    writeFileSync(keptPath, GOOD_IMAGE);
    const base = {
      user_id: clinic.userId,
      clinic_id: personalClinicIdOf(clinic.userId),
      title: 'T',
      prompt: 'P',
      status: 'processing' as const,
      options: JSON.stringify({ branding: {} }),
      width: 1280,
      height: 720,
    };
    const lostId = crypto.randomUUID();
    await test.runtime.database.db
      .insertInto('videos')
      .values([
        {
          ...base,
          id: lostId,
          reservation_id: lost.reservationId,
          input_path: path.join(uploadsDir, `${lostId}.upload`),
        },
        { ...base, id: keptId, reservation_id: kept.reservationId, input_path: keptPath },
      ])
      .execute();
    const orphan = path.join(uploadsDir, 'orphan-upload.upload');
    writeFileSync(orphan, 'left behind');

    const result = await pipeline.renderJobs.recover((videoId) => pipeline.queue.enqueue(videoId));
    // (settled counts the reservations earlier tests made without a video: refunded too.)
    expect(result).toMatchObject({ requeued: 1, failed: 1 });
    await pipeline.queue.drain();
    const rows = await videosOf(clinic.userId);
    expect(rows.find((row) => row.id === lostId)).toMatchObject({
      status: 'failed',
      error_code: 'photo_unavailable',
      error_message: renderFailureMessage('photo_unavailable', lostId),
    });
    expect(rows.find((row) => row.id === keptId)).toMatchObject({ status: 'completed' });
    expect(rows.filter((row) => row.status === 'processing')).toHaveLength(0);
    expect(await creditsOf(clinic.cookie)).toBe(4); // one refunded, one spent on the finished video
    expect(existsSync(orphan)).toBe(false);
  });

  it('stops re-running a video whose renders killed the server every time, and refunds it', async () => {
    const clinic = await signedInClinic();
    const before = await creditsOf(clinic.cookie);
    const reservation = await test.runtime.credits.reserve(clinic.userId);
    const uploadsDir = path.join(test.config.dataDir, 'tmp', 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
    const videoId = crypto.randomUUID();
    const uploadPath = path.join(uploadsDir, `${videoId}.upload`);
    writeFileSync(uploadPath, GOOD_IMAGE);
    await test.runtime.database.db
      .insertInto('videos')
      .values({
        id: videoId,
        user_id: clinic.userId,
        clinic_id: personalClinicIdOf(clinic.userId),
        title: 'T',
        prompt: 'P',
        status: 'processing',
        options: JSON.stringify({ branding: {} }),
        width: 1280,
        height: 720,
        reservation_id: reservation.reservationId,
        input_path: uploadPath,
        attempts: MAX_RENDER_ATTEMPTS,
      })
      .execute();

    const result = await pipeline.renderJobs.recover((id) => pipeline.queue.enqueue(id));
    expect(result).toMatchObject({ requeued: 0, failed: 1 });
    const row = (await videosOf(clinic.userId)).find((video) => video.id === videoId);
    expect(row).toMatchObject({
      status: 'failed',
      error_code: 'repeated_crash',
      error_message: renderFailureMessage('repeated_crash', videoId),
    });
    expect(await creditsOf(clinic.cookie)).toBe(before);
    expect(existsSync(uploadPath)).toBe(false);
  });
});
