import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { profileSchema } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { AppError } from '../errors.ts';
import { openFullTestApp, type FullTestApp } from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

function solidPng(width: number, height: number, background = { r: 200, g: 30, b: 120 }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

async function animatedGif(): Promise<Buffer> {
  const frames = [await solidPng(32, 32), await solidPng(32, 32, { r: 0, g: 0, b: 0 })];
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** What a photo for a video gets for the same bytes: the refusal a profile photo must match. */
async function photoRefusalOf(bytes: Buffer): Promise<AppError> {
  const refusal: unknown = await engineImageInspector.inspect(bytes, 'composite').then(
    () => null,
    (error: unknown) => error,
  );
  if (!(refusal instanceof AppError)) throw new Error('the photo check accepted the bytes');
  return refusal;
}

describe.each(DATABASE_KINDS)('the profile photo on %s', (kind) => {
  let full: FullTestApp;
  let cookie = '';
  let photosFolder = '';

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    ({ cookie } = await signUpForCookie(full.app, ORIGIN));
    photosFolder = path.join(full.test.config.dataDir, 'profile-photos');
  });
  afterAll(async () => {
    await full.dispose();
  });

  const putPhoto = (photo: Buffer, field = 'photo', as = cookie) => {
    const body = multipart({}, null, { [field]: photo });
    return full.app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: { ...body.headers, cookie: as, origin: ORIGIN },
      payload: body.payload,
    });
  };
  const getPhoto = (as = cookie) =>
    full.app.inject({ method: 'GET', url: '/api/me/photo', headers: { cookie: as } });
  const deletePhoto = () =>
    full.app.inject({
      method: 'DELETE',
      url: '/api/me/photo',
      headers: { cookie, origin: ORIGIN },
    });
  const getMe = async () =>
    profileSchema.parse(
      (await full.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    );
  const photoFiles = async () => {
    try {
      return await readdir(photosFolder);
    } catch {
      return [];
    }
  };

  it('asks for sign-in on every photo route', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await full.app.inject({ method, url: '/api/me/photo' });
      expect(response.statusCode, method).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('starts without a photo', async () => {
    expect((await getMe()).photoURL).toBeNull();
    expect((await getPhoto()).statusCode).toBe(404);
  });

  it('stores the photo as a private file, names it in photoURL, replaces it and removes it', async () => {
    const first = await solidPng(400, 400);
    const saved = await putPhoto(first);
    expect(saved.statusCode).toBe(200);
    // The answer is the SPEC §3 profile, now with the photo's address.
    const profile = profileSchema.parse(saved.json());
    expect(profile.photoURL).toMatch(/^\/api\/me\/photo\?v=[0-9a-f-]{36}$/);
    expect((await getMe()).photoURL).toBe(profile.photoURL);
    const [firstFile, ...others] = await photoFiles();
    expect(others).toEqual([]);
    expect((await stat(path.join(photosFolder, firstFile ?? ''))).mode & 0o777).toBe(0o600);
    expect((await stat(photosFolder)).mode & 0o777).toBe(0o700);

    const served = await full.app.inject({
      method: 'GET',
      url: profile.photoURL ?? '',
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(Buffer.compare(served.rawPayload, first)).toBe(0);

    const second = await sharp(await solidPng(300, 300, { r: 10, g: 10, b: 10 }))
      .jpeg()
      .toBuffer();
    const replaced = profileSchema.parse((await putPhoto(second)).json());
    expect(replaced.photoURL).not.toBe(profile.photoURL);
    const afterReplace = await photoFiles();
    expect(afterReplace).toHaveLength(1);
    expect(afterReplace).not.toContain(firstFile);
    const servedAgain = await getPhoto();
    expect(servedAgain.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(servedAgain.rawPayload, second)).toBe(0);

    const removed = await deletePhoto();
    expect(removed.statusCode).toBe(200);
    expect(profileSchema.parse(removed.json()).photoURL).toBeNull();
    expect(await photoFiles()).toEqual([]);
    expect((await getPhoto()).statusCode).toBe(404);
    // Removing again is harmless.
    expect((await deletePhoto()).statusCode).toBe(200);
  });

  it('serves a photo to its owner only', async () => {
    await putPhoto(await solidPng(64, 64));
    const other = await signUpForCookie(full.app, ORIGIN);
    expect((await getPhoto(other.cookie)).statusCode).toBe(404);
    await deletePhoto();
  });

  it.each([
    ['is not an image', () => Promise.resolve(Buffer.from('%PDF-1.7 clinic letterhead'))],
    ['is animated', animatedGif],
  ])(
    'refuses a photo that %s with the error a photo for a video gets, keeping the saved one',
    async (_label, makePhoto) => {
      const good = await solidPng(200, 200);
      const before = profileSchema.parse((await putPhoto(good)).json());
      const filesBefore = await photoFiles();
      const bad = await makePhoto();
      const response = await putPhoto(bad);
      const expected = await photoRefusalOf(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: expected.code, message: expected.message, details: { field: 'photo' } },
      });
      expect(await photoFiles()).toEqual(filesBefore);
      expect((await getMe()).photoURL).toBe(before.photoURL);
      expect(Buffer.compare((await getPhoto()).rawPayload, good)).toBe(0);
      await deletePhoto();
    },
  );

  it('refuses a photo over 2 MB as too large, like a photo over its limit, writing nothing', async () => {
    const response = await putPhoto(Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: { code: 'image_too_large', details: { field: 'photo' } },
    });
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      /the limit is 2(\.0)? MB/,
    );
    expect(await photoFiles()).toEqual([]);
    expect((await getMe()).photoURL).toBeNull();
  });

  it('refuses a request without the photo file, or not sent as a form', async () => {
    const wrongField = await putPhoto(await solidPng(40, 40), 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ error: { code: 'bad_request' } });
    const json = await full.app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: { cookie, origin: ORIGIN },
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await photoFiles()).toEqual([]);
  });

  it('refuses an upload started by another site', async () => {
    const body = multipart({}, null, { photo: await solidPng(40, 40) });
    const response = await full.app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: { ...body.headers, cookie, origin: 'https://evil.example' },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(403);
    expect(await photoFiles()).toEqual([]);
  });
});
