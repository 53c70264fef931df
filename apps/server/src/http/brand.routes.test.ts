import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_BRAND_KIT, brandKitSchema, type BrandKit } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFullTestApp,
  signUpClinicWithKey,
  type FullTestApp,
} from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { compositePhoto } from '../testing/test-photos.ts';
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

const SAVED: BrandKit = {
  clinicName: 'Lumen Aesthetics',
  contact: '@lumen.aesthetics',
  accentColor: '#c0267a',
  typeface: 'playfair_display',
  hasLogo: false,
};

describe.each(DATABASE_KINDS)('the brand kit on %s', (kind) => {
  let full: FullTestApp;
  let cookie = '';
  let key = '';
  let logosFolder = '';

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    ({ cookie, key } = await signUpClinicWithKey(full, ORIGIN));
    logosFolder = path.join(full.test.config.dataDir, 'brand-logos');
  });
  afterAll(async () => {
    await full.dispose();
  });

  const getKit = () => full.app.inject({ method: 'GET', url: '/api/brand', headers: { cookie } });
  const putKit = (payload: unknown, headers: Record<string, string> = {}) =>
    full.app.inject({
      method: 'PUT',
      url: '/api/brand',
      headers: { cookie, origin: ORIGIN, ...headers },
      payload: payload as object,
    });
  const putLogo = (logo: Buffer, field = 'logo') => {
    const body = multipart({}, null, { [field]: logo });
    return full.app.inject({
      method: 'PUT',
      url: '/api/brand/logo',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
  };
  const deleteLogo = () =>
    full.app.inject({
      method: 'DELETE',
      url: '/api/brand/logo',
      headers: { cookie, origin: ORIGIN },
    });
  const logoFiles = async () => {
    try {
      return await readdir(logosFolder);
    } catch {
      return [];
    }
  };

  it('asks for sign-in on every brand route', async () => {
    for (const [method, url] of [
      ['GET', '/api/brand'],
      ['PUT', '/api/brand'],
      ['GET', '/api/brand/logo'],
      ['PUT', '/api/brand/logo'],
      ['DELETE', '/api/brand/logo'],
    ] as const) {
      const response = await full.app.inject({
        method,
        url,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('answers the defaults before anything is saved', async () => {
    const response = await getKit();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_BRAND_KIT);
  });

  it('saves the kit once and answers it on every later visit', async () => {
    const response = await putKit({
      ...SAVED,
      clinicName: '  Lumen Aesthetics ',
      accentColor: '#C0267A',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SAVED);
    const again = await getKit();
    expect(brandKitSchema.parse(again.json())).toEqual(SAVED);
    // Empty text means "not set".
    const cleared = await putKit({ ...SAVED, contact: '' });
    expect(cleared.json()).toEqual({ ...SAVED, contact: null });
    await putKit(SAVED);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an accent that is not #rrggbb', { accentColor: 'pink' }, 'accentColor'],
    ['a short accent', { accentColor: '#abc' }, 'accentColor'],
    ['a typeface we do not bundle', { typeface: 'comic_sans' }, 'typeface'],
    ['a clinic name over 80 characters', { clinicName: 'x'.repeat(81) }, 'clinicName'],
    ['a control character in the contact', { contact: 'call\u0000us' }, 'contact'],
    ['a field the kit does not have', { colour: '#ffffff' }, ''],
    ['hasLogo true while no logo is saved', { hasLogo: true }, 'hasLogo'],
  ])(
    'refuses %s with 422 naming the field, and keeps the saved kit',
    async (_label, change, field) => {
      const response = await putKit({ ...SAVED, ...change });
      expect(response.statusCode).toBe(422);
      const body = response.json<{
        error: { code: string; message: string; details?: { field?: string } };
      }>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message.length).toBeGreaterThan(10);
      if (field) expect(body.error.details?.field).toBe(field);
      expect((await getKit()).json()).toEqual(SAVED);
    },
  );

  it('refuses a save started by another site', async () => {
    const response = await putKit(
      { ...SAVED, clinicName: 'Hijacked' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'cross_origin_refused' } });
    expect((await getKit()).json()).toEqual(SAVED);
  });

  it('stores the logo as a private file, serves it back, replaces it and removes it', async () => {
    const first = await solidPng(300, 100);
    const saved = await putLogo(first);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...SAVED, hasLogo: true });
    const [firstFile, ...others] = await logoFiles();
    expect(others).toEqual([]);
    expect((await stat(path.join(logosFolder, firstFile ?? ''))).mode & 0o777).toBe(0o600);
    expect((await stat(logosFolder)).mode & 0o777).toBe(0o700);

    const served = await full.app.inject({
      method: 'GET',
      url: '/api/brand/logo',
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, first)).toBe(0);

    // A text save with hasLogo true keeps it.
    expect((await putKit({ ...SAVED, hasLogo: true })).json()).toEqual({ ...SAVED, hasLogo: true });

    const second = await sharp(await solidPng(120, 120, { r: 10, g: 10, b: 10 }))
      .jpeg()
      .toBuffer();
    expect((await putLogo(second)).statusCode).toBe(200);
    const afterReplace = await logoFiles();
    expect(afterReplace).toHaveLength(1);
    expect(afterReplace).not.toContain(firstFile);
    const replaced = await full.app.inject({
      method: 'GET',
      url: '/api/brand/logo',
      headers: { cookie },
    });
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(replaced.rawPayload, second)).toBe(0);

    const removed = await deleteLogo();
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(SAVED);
    expect(await logoFiles()).toEqual([]);
    const gone = await full.app.inject({
      method: 'GET',
      url: '/api/brand/logo',
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('removes the logo when a save says hasLogo false', async () => {
    await putLogo(await solidPng(64, 64));
    expect((await putKit({ ...SAVED, hasLogo: false })).json()).toEqual(SAVED);
    expect(await logoFiles()).toEqual([]);
  });

  it.each([
    [
      'is not an image',
      () => Promise.resolve(Buffer.from('%PDF-1.7 clinic letterhead')),
      'invalid_image_format',
    ],
    [
      'is over 2 MB',
      () => Promise.resolve(Buffer.alloc(2 * 1024 * 1024 + 10, 1)),
      'image_too_large',
    ],
    ['is animated', animatedGif, 'animated_image'],
  ])(
    'refuses a logo that %s exactly as on /generate, keeping the saved logo and writing no file',
    async (_label, makeLogo, reason) => {
      const good = await solidPng(200, 80);
      await putLogo(good);
      const filesBefore = await logoFiles();
      const response = await putLogo(await makeLogo());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'invalid_logo', details: { field: 'logo', reason } },
      });
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(
        /^The logo could not be used\. /,
      );
      expect(await logoFiles()).toEqual(filesBefore);
      const served = await full.app.inject({
        method: 'GET',
        url: '/api/brand/logo',
        headers: { cookie },
      });
      expect(Buffer.compare(served.rawPayload, good)).toBe(0);
      await deleteLogo();
    },
  );

  it('refuses a logo request without the logo file', async () => {
    const response = await putLogo(await solidPng(40, 40), 'image');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
    expect(await logoFiles()).toEqual([]);
  });

  it('applies the saved kit to an API render and lets the request override it', async () => {
    const logo = await solidPng(300, 100, { r: 250, g: 200, b: 20 });
    await putLogo(logo);
    const composite = (await compositePhoto()).toString('base64');
    const seenLogos: Buffer[] = [];
    const generate = async (extra: Record<string, unknown>) => {
      full.renderer.hold();
      const earlier = full.renderer.requests.length;
      const response = await full.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { authorization: `Bearer ${key}` },
        payload: { composite_image: composite, consent_attested: true, ...extra },
      });
      expect(response.statusCode, response.body).toBe(202);
      await expect.poll(() => full.renderer.requests.length).toBe(earlier + 1);
      const request = full.renderer.requests.at(-1);
      // The job's copy of the logo lives only while it renders.
      seenLogos.push(request?.logoPath ? await readFile(request.logoPath) : Buffer.alloc(0));
      full.renderer.release();
      await full.pipeline.queue.drain();
      return request;
    };

    const plain = await generate({});
    expect(plain?.branding).toMatchObject({
      clinicName: SAVED.clinicName,
      contact: SAVED.contact,
      accentColor: SAVED.accentColor,
      typeface: SAVED.typeface,
    });
    expect(Buffer.compare(seenLogos[0] ?? Buffer.alloc(0), logo)).toBe(0);

    const ownLogo = await solidPng(90, 90, { r: 0, g: 90, b: 200 });
    const overridden = await generate({
      clinic_name: 'Lumen Downtown',
      contact: 'lumen.example',
      accent_color: '#1D4ED8',
      typeface: 'montserrat',
      logo: ownLogo.toString('base64'),
    });
    expect(overridden?.branding).toMatchObject({
      clinicName: 'Lumen Downtown',
      contact: 'lumen.example',
      accentColor: '#1d4ed8',
      typeface: 'montserrat',
    });
    expect(Buffer.compare(seenLogos[1] ?? Buffer.alloc(0), ownLogo)).toBe(0);
    // The saved kit itself is untouched by an override.
    expect((await getKit()).json()).toEqual({ ...SAVED, hasLogo: true });
  });

  it('refuses an API logo that is not an image with invalid_logo and spends no credit', async () => {
    const clinic = await signUpClinicWithKey(full, ORIGIN);
    const creditsBefore = (await full.test.runtime.credits.getBalance(clinic.userId)).total;
    const response = await full.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${clinic.key}` },
      payload: {
        composite_image: (await compositePhoto()).toString('base64'),
        consent_attested: true,
        logo: Buffer.from('%PDF-1.7 letterhead').toString('base64'),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'invalid_logo', details: { reason: 'invalid_image_format' } },
    });
    expect((await full.test.runtime.credits.getBalance(clinic.userId)).total).toBe(creditsBefore);
  });

  it('passes the accent and typeface of the web form to the render', async () => {
    const body = multipart(
      { consent: 'true', accentColor: '#0F766E', typeface: 'montserrat' },
      await compositePhoto(),
    );
    const earlier = full.renderer.requests.length;
    const response = await full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    await expect.poll(() => full.renderer.requests.length).toBe(earlier + 1);
    expect(full.renderer.requests.at(-1)?.branding).toMatchObject({
      accentColor: '#0f766e',
      typeface: 'montserrat',
    });
    await full.pipeline.queue.drain();
  });
});
