import { describe, expect, it } from 'vitest';
import { TEMPLATES, defaultTemplateFor, invalidTemplateMessage, isTemplate } from './creative.ts';
import { apiGenerateJsonSchema, apiGenerateMultipartFieldsSchema } from './public-api.ts';
import { videoOptionsSchema } from './video-options.ts';
import { videoRecordSchema } from './videos.ts';

describe('the template vocabulary', () => {
  it('gives each format its default: reveal for 9:16, split for 1:1 and 16:9', () => {
    expect(defaultTemplateFor('9:16')).toBe('reveal');
    expect(defaultTemplateFor('1:1')).toBe('split');
    expect(defaultTemplateFor('16:9')).toBe('split');
  });

  it('knows the four templates and nothing else', () => {
    for (const template of TEMPLATES) expect(isTemplate(template)).toBe(true);
    for (const other of ['', 'Reveal', 'carousel', 3, null, undefined]) {
      expect(isTemplate(other)).toBe(false);
    }
  });

  it('refuses with a message listing every valid template and each format default', () => {
    const message = invalidTemplateMessage('carousel');
    expect(message).toContain('"carousel"');
    expect(message).toContain('reveal, split, detail, story');
    expect(message).toContain('reveal in 9:16');
  });
});

describe('the template on the wire', () => {
  it('is optional on the form options and leaves the default to the server', () => {
    expect(videoOptionsSchema.parse({}).template).toBeUndefined();
    expect(videoOptionsSchema.parse({ template: 'detail' }).template).toBe('detail');
    expect(videoOptionsSchema.safeParse({ template: 'carousel' }).success).toBe(false);
  });

  it('is accepted by the API as JSON and as a multipart field, and refused when unknown', () => {
    const json = { composite_image: 'aGk=', consent_attested: true };
    expect(apiGenerateJsonSchema.parse({ ...json, template: 'split' }).template).toBe('split');
    expect(apiGenerateJsonSchema.parse(json).template).toBeUndefined();
    const refused = apiGenerateJsonSchema.safeParse({ ...json, template: 'carousel' });
    expect(refused.error?.issues[0]?.path).toEqual(['template']);
    const parts = { consent_attested: 'true', template: 'story' };
    expect(apiGenerateMultipartFieldsSchema.parse(parts).template).toBe('story');
    expect(apiGenerateMultipartFieldsSchema.safeParse({ ...parts, template: 'x' }).success).toBe(
      false,
    );
  });

  it('is shown on the video record, null for records from before templates', () => {
    const record = {
      id: 'v',
      userId: 'u',
      title: 't',
      prompt: 'p',
      status: 'completed',
      createdAt: '',
      updatedAt: '',
      downloadUrl: null,
      thumbnailUrl: null,
      processingTime: null,
      fileSize: null,
      duration: null,
      errorMessage: null,
      progress: 100,
      stage: 4,
      width: 720,
      height: 1280,
    };
    expect(videoRecordSchema.parse(record).template).toBeNull();
    expect(videoRecordSchema.parse({ ...record, template: 'story' }).template).toBe('story');
  });
});
