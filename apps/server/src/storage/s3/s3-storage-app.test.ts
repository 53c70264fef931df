import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { latestDataExportSchema } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFullTestApp,
  signUpClinicWithKey,
  type FullTestApp,
} from '../../testing/full-test-app.ts';
import { multipart } from '../../testing/multipart.ts';
import { readZip } from '../../testing/read-zip.ts';
import { signUpForCookie } from '../../testing/session-cookie.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { compositePhoto } from '../../testing/test-photos.ts';
import { DATABASE_KINDS } from '../../testing/test-runtime.ts';
import { insertVideoRow } from '../../testing/video-rows.ts';
import { VideosRepository } from '../../db/videos.repository.ts';
import { RenderJobsService } from '../../services/render-jobs.service.ts';
import { UPLOAD_LEFTOVER_AGE_MS } from '../../services/upload-files.ts';
import { openS3Client, S3Objects } from './s3-objects.ts';
import { S3UploadFiles } from './s3-upload-files.ts';

// Issue #19 §2: with S3_BUCKET set, everything the server stores lives in the bucket.

const ORIGIN = 'http://localhost:3999';
/** What the fake renderer writes as every MP4. */
const FAKE_MP4 = '0123456789abcdefghij';

/** Files under a data-folder directory, if it exists (none should, with S3). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe.each(DATABASE_KINDS)('the app with S3 storage on %s', (kind) => {
  let s3: TestS3Server;
  let bucket: string;
  let full: FullTestApp;
  let photo: Buffer;
  let logo: Buffer;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    bucket = await s3.createBucket();
    full = await openFullTestApp(kind, s3.environmentFor(bucket));
    photo = await compositePhoto();
    logo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await full.dispose();
    await s3.close();
  });

  const keys = (prefix?: string) => s3.keys(bucket, prefix);
  const dataFolder = (...parts: string[]) => path.join(full.test.config.dataDir, ...parts);

  async function upload(cookie: string, withLogo = false): Promise<string> {
    const body = multipart({ consent: 'true' }, photo, withLogo ? { logo } : {});
    const created = await full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(202);
    return created.json<{ id: string }>().id;
  }

  async function settled(cookie: string, id: string): Promise<string> {
    let status = '';
    await expect
      .poll(async () => {
        const answer = await full.app.inject({
          method: 'GET',
          url: `/api/videos/${id}`,
          headers: { cookie },
        });
        status = answer.json<{ status: string }>().status;
        return status;
      })
      .not.toBe('processing');
    return status;
  }

  it('renders from the bucket, keeps the MP4 there, serves ranges from it and deletes it with the video', async () => {
    const { cookie, userId, key } = await signUpClinicWithKey(full, ORIGIN);
    full.renderer.hold();
    const id = await upload(cookie, true);
    // While the job waits, its photo and logo are private temporary objects, not local files.
    expect(await keys(`tmp/uploads/${id}/`)).toEqual([
      `tmp/uploads/${id}/image`,
      `tmp/uploads/${id}/logo`,
    ]);
    expect(filesUnder(dataFolder('tmp', 'uploads'))).toEqual([]);
    full.renderer.release();
    expect(await settled(cookie, id)).toBe('completed');

    // The renderer read copies fetched into the job's scratch folder, removed since.
    const request = full.renderer.requests.at(-1);
    const scratch = dataFolder('tmp', 'renders', id);
    expect(request?.inputPath).toBe(path.join(scratch, 'image.upload'));
    expect(request?.logoPath).toBe(path.join(scratch, 'logo.upload'));
    // The record turns completed just before the job's own clean-up runs.
    await expect.poll(() => existsSync(scratch)).toBe(false);
    await expect.poll(() => keys('tmp/')).toEqual([]);
    expect(await keys(`videos/${userId}/`)).toEqual([
      `videos/${userId}/${id}.jpg`,
      `videos/${userId}/${id}.mp4`,
    ]);
    expect(filesUnder(dataFolder('videos'))).toEqual([]);

    const ranged = await full.app.inject({
      method: 'GET',
      url: `/api/videos/${id}/download`,
      headers: { cookie, range: 'bytes=5-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 5-9/20');
    expect(ranged.headers['content-length']).toBe('5');
    expect(ranged.body).toBe('56789');
    const whole = await full.app.inject({
      method: 'GET',
      url: `/api/videos/${id}/download`,
      headers: { cookie },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(FAKE_MP4);
    const poster = await full.app.inject({
      method: 'GET',
      url: `/api/videos/${id}/thumbnail`,
      headers: { cookie },
    });
    expect(poster.body).toBe('poster');

    // The API's signed link streams the same object.
    const viaApi = await full.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    const signed = new URL(viaApi.json<{ download_url: string }>().download_url);
    const signedDownload = await full.app.inject({
      method: 'GET',
      url: `${signed.pathname}${signed.search}`,
      headers: { range: 'bytes=-3' },
    });
    expect(signedDownload.statusCode).toBe(206);
    expect(signedDownload.body).toBe('hij');

    const deleted = await full.app.inject({
      method: 'DELETE',
      url: `/api/videos/${id}`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await keys(`videos/${userId}/`)).toEqual([]);
  });

  it('deletes the temporary upload when the render fails', async () => {
    const { cookie } = await signUpClinicWithKey(full, ORIGIN);
    full.renderer.failWith = 'the encoder crashed';
    try {
      const id = await upload(cookie);
      expect(await settled(cookie, id)).toBe('failed');
      await expect.poll(() => keys(`tmp/uploads/${id}/`)).toEqual([]);
    } finally {
      full.renderer.failWith = null;
    }
  });

  it('re-runs from the bucket a job whose server died once its lease has run out', async () => {
    const { cookie, userId } = await signUpClinicWithKey(full, ORIGIN);
    const id = await insertVideoRow(full.test.runtime, userId, {
      status: 'processing',
      options: JSON.stringify({ branding: {} }),
      input_path: 'tmp/uploads/placeholder/image',
      owner_id: 'a-server-that-died',
      lease_expires_at: new Date(Date.now() - 60_000),
    });
    await s3.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: `tmp/uploads/${id}/image`, Body: photo }),
    );
    const { pipeline } = full;
    const result = await pipeline.renderJobs.recover((videoId) => pipeline.queue.enqueue(videoId), {
      atStart: false,
    });
    expect(result).toMatchObject({ requeued: 1, failed: 0 });
    expect(await settled(cookie, id)).toBe('completed');
    expect(await keys(`videos/${userId}/`)).toContain(`videos/${userId}/${id}.mp4`);
    await expect.poll(() => keys(`tmp/uploads/${id}/`)).toEqual([]);
  });

  it('keeps logos, profile photos and export zips in the bucket and deletes them all with the account', async () => {
    const { cookie, userId, email } = await signUpForCookie(full.app, ORIGIN);
    for (const [url, field] of [
      ['/api/brand/logo', 'logo'],
      ['/api/me/photo', 'photo'],
    ] as const) {
      const body = multipart({}, null, { [field]: logo });
      const stored = await full.app.inject({
        method: 'PUT',
        url,
        headers: { ...body.headers, cookie, origin: ORIGIN },
        payload: body.payload,
      });
      expect(stored.statusCode, `${url}: ${stored.body}`).toBeLessThan(300);
    }
    const videoId = await upload(cookie);
    expect(await settled(cookie, videoId)).toBe('completed');
    const requested = await full.app.inject({
      method: 'POST',
      url: '/api/account/exports',
      headers: { cookie, origin: ORIGIN },
    });
    expect(requested.statusCode).toBe(202);
    let downloadUrl = '';
    await expect
      .poll(async () => {
        const latest = await full.app.inject({
          method: 'GET',
          url: '/api/account/exports/latest',
          headers: { cookie },
        });
        const parsed = latestDataExportSchema.parse(latest.json()).export;
        downloadUrl = parsed?.downloadUrl ?? '';
        return parsed?.status;
      })
      .toBe('ready');
    const exportId = requested.json<{ id: string }>().id;
    const owned = [
      ...(await keys('brand-logos/')),
      ...(await keys('profile-photos/')),
      ...(await keys(`videos/${userId}/`)),
      ...(await keys('exports/')),
    ];
    expect(owned).toContain(`exports/zips/${exportId}.zip`);
    expect(owned).toContain(`videos/${userId}/${videoId}.mp4`);
    expect(owned.filter((key) => key.startsWith('brand-logos/'))).toHaveLength(1);
    expect(owned.filter((key) => key.startsWith('profile-photos/'))).toHaveLength(1);
    expect(filesUnder(dataFolder('exports'))).toEqual([]);
    expect(filesUnder(dataFolder('brand-logos'))).toEqual([]);

    const zip = await full.app.inject({ method: 'GET', url: downloadUrl, headers: { cookie } });
    expect(zip.statusCode).toBe(200);
    const files = await readZip(zip.rawPayload);
    expect(files.get(`videos/${videoId}.mp4`)?.toString()).toBe(FAKE_MP4);
    const photoAnswer = await full.app.inject({
      method: 'GET',
      url: '/api/brand/logo',
      headers: { cookie },
    });
    expect(photoAnswer.rawPayload).toEqual(logo);

    const gone = await full.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie, origin: ORIGIN },
      payload: { email, password: 'radiant2024' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = new Set(await keys());
    expect(owned.filter((key) => left.has(key))).toEqual([]);
    expect(await keys('tmp/')).toEqual([]);
  });

  it("sweeps uploads over an hour old whose video is no longer processing, keeping a waiting job's", async () => {
    const { userId } = await signUpForCookie(full.app, ORIGIN);
    const { runtime } = full.test;
    const waiting = await insertVideoRow(runtime, userId, {
      status: 'processing',
      options: JSON.stringify({ branding: {} }),
      input_path: 'tmp/uploads/placeholder/image',
      owner_id: full.pipeline.owner.id,
      lease_expires_at: new Date(Date.now() + 600_000),
    });
    const failed = await insertVideoRow(runtime, userId, { status: 'failed' });
    const unrecorded = crypto.randomUUID();
    for (const id of [waiting, failed, unrecorded]) {
      await s3.client.send(
        new PutObjectCommand({ Bucket: bucket, Key: `tmp/uploads/${id}/image`, Body: 'photo' }),
      );
    }
    const storage = full.test.config.storage;
    if (storage.kind !== 's3') throw new Error('the app should be on S3');
    const objects = new S3Objects(openS3Client(storage), storage.bucket);
    // Another server's recovery sweep, run as if an hour had passed since the uploads.
    const anotherServer = new RenderJobsService({
      owner: { id: 'another-server', leaseMs: 30_000 },
      videos: new VideosRepository(runtime.database.db),
      credits: runtime.credits,
      metrics: runtime.metrics,
      storage: full.pipeline.storage,
      uploads: new S3UploadFiles(objects, () => Date.now() + UPLOAD_LEFTOVER_AGE_MS + 60_000),
      renderer: full.renderer,
      progress: full.pipeline.progress,
      scratchDir: () => Promise.reject(new Error('nothing should render')),
      removeScratchDir: () => Promise.resolve(),
      listScratchDirs: () => Promise.resolve([]),
      log: { info: () => undefined, error: () => undefined },
    });
    try {
      const result = await anotherServer.recover(
        () => {
          throw new Error('a live server’s job must not be taken');
        },
        { atStart: true },
      );
      expect(result).toMatchObject({ requeued: 0, failed: 0 });
      expect(await keys('tmp/uploads/')).toEqual([`tmp/uploads/${waiting}/image`]);
    } finally {
      objects.client.destroy();
      await s3.client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: `tmp/uploads/${waiting}/image` }),
      );
    }
  });
});

describe('presigned downloads from S3', () => {
  let s3: TestS3Server;
  let full: FullTestApp;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    const bucket = await s3.createBucket();
    full = await openFullTestApp('pglite', {
      ...s3.environmentFor(bucket),
      S3_PUBLIC_DOWNLOADS: 'presigned',
    });
  });
  afterAll(async () => {
    await full.dispose();
    await s3.close();
  });

  it('redirects an allowed download to a short-lived presigned URL of the object', async () => {
    const { cookie } = await signUpClinicWithKey(full, ORIGIN);
    const body = multipart({ consent: 'true' }, await compositePhoto());
    const created = await full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
    const id = created.json<{ id: string }>().id;
    await expect
      .poll(
        async () =>
          (
            await full.app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie } })
          ).json<{ status: string }>().status,
      )
      .toBe('completed');
    const download = await full.app.inject({
      method: 'GET',
      url: `/api/videos/${id}/download`,
      headers: { cookie },
    });
    expect(download.statusCode).toBe(302);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const location = download.headers.location ?? '';
    expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
    // The page's <video> and <img> may follow the redirect to the bucket.
    const page = await full.app.inject({ method: 'GET', url: '/' });
    const policy = page.headers['content-security-policy'] ?? '';
    expect(policy).toContain(`media-src 'self' blob: ${s3.endpoint}`);
    expect(policy).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    const fetched = await fetch(location, { headers: { range: 'bytes=0-3' } });
    expect(fetched.status).toBe(206);
    expect(await fetched.text()).toBe('0123');
    expect(fetched.headers.get('content-type')).toBe('video/mp4');

    // Access is still checked before any link is handed out.
    const stranger = await signUpClinicWithKey(full, ORIGIN);
    const refused = await full.app.inject({
      method: 'GET',
      url: `/api/videos/${id}/download`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
  });
});
