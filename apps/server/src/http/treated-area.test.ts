import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageInspector } from '../services/videos.service.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { openPipelineTestApp } from '../testing/pipeline-test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

// DESIGN.md D16: an animation never moves the after photo's treated area. The web form's
// route and the public API refuse the same requests with the same words, before any credit
// moves or any record is written.

const ORIGIN = 'http://localhost:3999';
const PHOTO = Buffer.from('pretend-this-is-a-photo');

/** Stands in for the engine's decoder: the treated-area rules are what is tested here. */
const inspector: ImageInspector = {
  inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

const REQUIRED_MESSAGE =
  '"After photo: smile" moves the after photo\'s face, so say where the treatment was: the treated area is never moved. Choose one of lips, brows_forehead, eyes, cheeks, jawline_chin, nose, skin, body, other.';
const MOVES_LIPS_MESSAGE =
  '"After photo: smile" would move the lips, the treated area of the after photo, and the result must show the treatment untouched. Choose "Before photo: head turn" or "After photo: surprise" instead.';

describe.each(DATABASE_KINDS)('treated-area protection on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const renderer = new FakeRenderer();

  beforeAll(async () => {
    test = await openTestRuntime(kind);
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

  async function recordsAndCredits(account: { cookie: string; userId: string }) {
    const videos = await test.runtime.database.db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', account.userId)
      .execute();
    return {
      videos: videos.length,
      credits: (await test.runtime.credits.getBalance(account.userId)).total,
    };
  }

  function postForm(cookie: string, fields: Record<string, string>) {
    const body = multipart({ consent: 'true', ...fields }, PHOTO);
    return app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  function postApi(key: string, fields: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        composite_image: PHOTO.toString('base64'),
        consent_attested: true,
        ...fields,
      },
    });
  }

  it.each([
    ['no treated area with a smile', {}, 'treated_area_required', REQUIRED_MESSAGE],
    [
      'a smile with the lips treated',
      { area: 'lips' },
      'animation_moves_treated_area',
      MOVES_LIPS_MESSAGE,
    ],
  ])(
    'refuses %s with 422 on the web form and the API alike, writing nothing',
    async (_label, { area }: { area?: string }, code, message) => {
      const account = await clinic();
      const start = await recordsAndCredits(account);
      const form = await postForm(account.cookie, {
        primaryAnimation: 'animate_after_smile',
        ...(area && { treatedArea: area }),
      });
      const viaApi = await postApi(account.key, {
        options: { animation: 'animate_after_smile' },
        ...(area && { treated_area: area }),
      });
      for (const response of [form, viaApi]) {
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ error: { code, message } });
      }
      expect(await recordsAndCredits(account)).toEqual(start);
    },
  );

  it('refuses a surprise with the brows treated and names what to pick instead', async () => {
    const account = await clinic();
    const response = await postApi(account.key, {
      options: { animation: 'animate_after_surprise' },
      treated_area: 'brows_forehead',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: {
        code: 'animation_moves_treated_area',
        message: expect.stringContaining(
          'would move the brows / forehead, the treated area of the after photo',
        ) as unknown,
      },
    });
    expect(response.json<{ error: { message: string } }>().error.message).toContain(
      '"After photo: smile"',
    );
  });

  it('accepts an animation that leaves the treated area still and hands the area to the render', async () => {
    const account = await clinic();
    const form = await postForm(account.cookie, {
      primaryAnimation: 'animate_after_surprise',
      treatedArea: 'lips',
    });
    expect(form.statusCode).toBe(202);
    const viaApi = await postApi(account.key, {
      options: { animation: 'animate_after_smile' },
      treated_area: 'nose',
    });
    expect(viaApi.statusCode).toBe(202);
    await expect
      .poll(() => renderer.requests.map((request) => request.options.treatedArea))
      .toEqual(expect.arrayContaining(['lips', 'nose']));
  });

  it('keeps the treated area optional when the after photo does not move', async () => {
    const account = await clinic();
    const form = await postForm(account.cookie, { primaryAnimation: 'animate_before_head_turn' });
    expect(form.statusCode).toBe(202);
    const viaApi = await postApi(account.key, {
      options: { animation: 'animate_before_head_turn' },
    });
    expect(viaApi.statusCode).toBe(202);
  });

  it('refuses a treated area that is not one of the list', async () => {
    const account = await clinic();
    const form = await postForm(account.cookie, {
      primaryAnimation: 'animate_after_smile',
      treatedArea: 'elbow',
    });
    expect(form.statusCode).toBe(422);
    expect(form.json<{ error: { message: string } }>().error.message).toContain('treatedArea');
    const viaApi = await postApi(account.key, { treated_area: 'elbow' });
    expect(viaApi.statusCode).toBe(400);
    expect(viaApi.json<{ error: { message: string } }>().error.message).toContain('treated_area');
    expect(await recordsAndCredits(account)).toMatchObject({ videos: 0 });
  });
});
