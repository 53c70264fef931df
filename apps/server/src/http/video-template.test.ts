import { TEMPLATES, type Template } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFullTestApp,
  signUpClinicWithKey,
  type FullTestApp,
} from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

// Issue 16 §2: the clinic picks a template on the form or in the API; left out, the format's
// default is used. The template is stored with the video, shown back and passed to the render.
describe.each(DATABASE_KINDS)('the template field on %s', (kind) => {
  let full: FullTestApp;
  let cookie = '';
  let userId = '';
  let key = '';
  let photo = Buffer.alloc(0);

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    ({ cookie, userId, key } = await signUpClinicWithKey(full, ORIGIN));
    await full.test.runtime.credits.grant(userId, 50, 'bonus', 'template tests');
    photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await full.dispose();
  });

  const balance = async () => (await full.test.runtime.credits.getBalance(userId)).total;
  const videoCount = async () =>
    (
      await full.test.runtime.database.db
        .selectFrom('videos')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  function postForm(fields: Record<string, string>) {
    const body = multipart({ consent: 'true', ...fields }, photo);
    return full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
  }

  function postApiJson(fields: Record<string, unknown>) {
    return full.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        composite_image: photo.toString('base64'),
        consent_attested: true,
        ...fields,
      },
    });
  }

  function postApiMultipart(fields: Record<string, string>) {
    const body = multipart({ consent_attested: 'true', ...fields }, null, {
      composite_image: photo,
    });
    return full.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...body.headers, authorization: `Bearer ${key}` },
      payload: body.payload,
    });
  }

  async function storedTemplate(id: string): Promise<string | null> {
    const row = await full.test.runtime.database.db
      .selectFrom('videos')
      .select('template')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.template;
  }

  /** The render the job ran for this video (the fake renderer keeps every request). */
  async function renderedTemplate(id: string): Promise<Template | undefined> {
    await full.pipeline.queue.drain();
    const request = full.renderer.requests.find((each) => each.outputDir.includes(id));
    expect(request, `the render of ${id}`).toBeDefined();
    return request?.options.template;
  }

  function expectInvalidTemplate(response: { statusCode: number; json: () => unknown }) {
    expect(response.statusCode).toBe(422);
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_template');
    for (const template of TEMPLATES) expect(body.error.message).toContain(template);
  }

  it.each([
    ['the form', () => postForm({ template: 'carousel' })],
    ['the API (JSON)', () => postApiJson({ template: 'carousel' })],
    ['the API (JSON), a number', () => postApiJson({ template: 3 })],
    ['the API (multipart)', () => postApiMultipart({ template: 'carousel' })],
  ])(
    'refuses an unknown template from %s with 422 invalid_template listing the valid ones, saving nothing',
    async (_from, send) => {
      const [credits, videos] = [await balance(), await videoCount()];
      expectInvalidTemplate(await send());
      expect(await balance()).toBe(credits);
      expect(await videoCount()).toBe(videos);
    },
  );

  it('quotes what came in, cut short, in the refusal', async () => {
    const response = await postForm({ template: `x${'y'.repeat(500)}` });
    expectInvalidTemplate(response);
    const { message } = response.json<{ error: { message: string } }>().error;
    expect(message).toContain(`"x${'y'.repeat(39)}"`);
    expect(message.length).toBeLessThan(300);
  });

  it.each(TEMPLATES)(
    'stores the form\'s template "%s", shows it on the record and renders with it',
    async (template) => {
      const response = await postForm({ template, aspect: '9:16' });
      expect(response.statusCode).toBe(202);
      const record = response.json<{ id: string; template: string; prompt: string }>();
      expect(record.template).toBe(template);
      expect(await storedTemplate(record.id)).toBe(template);
      expect(await renderedTemplate(record.id)).toBe(template);
      const shown = await full.app.inject({
        method: 'GET',
        url: `/api/videos/${record.id}`,
        headers: { cookie },
      });
      expect(shown.json<{ template: string }>().template).toBe(template);
    },
  );

  it.each([
    ['9:16', 'reveal'],
    ['1:1', 'split'],
    ['16:9', 'split'],
  ] as const)(
    'gives a %s video from the form without a template the format default, %s',
    async (aspect, expected) => {
      // An empty field is what the form sends when nothing was picked.
      const forms: Record<string, string>[] = [{ aspect }, { aspect, template: '' }];
      for (const fields of forms) {
        const response = await postForm(fields);
        expect(response.statusCode).toBe(202);
        const { id } = response.json<{ id: string }>();
        expect(await storedTemplate(id)).toBe(expected);
        expect(await renderedTemplate(id)).toBe(expected);
      }
    },
  );

  it.each([
    ['9:16', 'reveal'],
    ['1:1', 'split'],
    ['16:9', 'split'],
  ] as const)(
    'gives a %s API video without a template the format default, %s, and shows it',
    async (aspect, expected) => {
      const response = await postApiJson({ aspect });
      expect(response.statusCode).toBe(202);
      const { id } = response.json<{ id: string }>();
      expect(await renderedTemplate(id)).toBe(expected);
      const shown = await full.app.inject({
        method: 'GET',
        url: `/api/v1/videos/${id}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(shown.json<{ template: string }>().template).toBe(expected);
    },
  );

  it('takes the API template from JSON and multipart alike and shows it on the video', async () => {
    const fromJson = await postApiJson({ template: 'detail', aspect: '1:1' });
    const fromParts = await postApiMultipart({ template: 'story', aspect: '9:16' });
    for (const [response, template] of [
      [fromJson, 'detail'],
      [fromParts, 'story'],
    ] as const) {
      expect(response.statusCode).toBe(202);
      const { id } = response.json<{ id: string }>();
      expect(await storedTemplate(id)).toBe(template);
      expect(await renderedTemplate(id)).toBe(template);
      const shown = await full.app.inject({
        method: 'GET',
        url: `/api/v1/videos/${id}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(shown.json<{ template: string }>().template).toBe(template);
    }
  });

  it('documents the field and its values in the OpenAPI document', async () => {
    const response = await full.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json<{
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>();
    const field = document.components.schemas.GenerateRequest?.properties.template as {
      enum: string[];
      description: string;
    };
    expect(field.enum).toEqual([...TEMPLATES]);
    expect(field.description).toContain('reveal for 9:16');
    const video = document.components.schemas.Video?.properties.template;
    expect(video).toBeDefined();
  });
});
