import { describe, expect, it } from 'vitest';
import { MalformedResponse, parseOperation, parseSubmitted, safetyCategoryOf } from './veo-wire.ts';
import { NEGATIVE_PROMPT, buildVeoPrompt, veoAspectRatio, veoResolution } from './veo-prompt.ts';

describe('the Veo wire format', () => {
  it('reads an operation still running, finished with a video, refused, out of quota or failed', () => {
    expect(parseOperation({ name: 'models/m/operations/a', done: false })).toEqual({
      state: 'running',
    });
    expect(parseOperation({ name: 'models/m/operations/a' })).toEqual({ state: 'running' });
    const uri = 'https://generativelanguage.googleapis.com/v1beta/files/x:download?alt=media';
    expect(
      parseOperation({
        done: true,
        response: { generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
      }),
    ).toEqual({ state: 'succeeded', videoUri: uri });
    expect(
      parseOperation({
        done: true,
        response: {
          generateVideoResponse: {
            raiMediaFilteredCount: 1,
            raiMediaFilteredReasons: ['The input image contains a prominent person.'],
          },
        },
      }),
    ).toMatchObject({ state: 'refused', category: 'people or faces' });
    expect(
      parseOperation({ done: true, error: { code: 8, message: 'RESOURCE_EXHAUSTED' } }),
    ).toEqual({ state: 'quota' });
    expect(parseOperation({ done: true, error: { code: 13, message: 'Internal' } })).toEqual({
      state: 'failed',
      reason: 'operation error 13',
    });
  });

  it('refuses shapes the API does not answer', () => {
    expect(() => parseOperation('<html>')).toThrow(MalformedResponse);
    expect(() => parseOperation({ done: true, response: {} })).toThrow(MalformedResponse);
    expect(() =>
      parseOperation({ done: true, response: { generateVideoResponse: { generatedSamples: [] } } }),
    ).toThrow(MalformedResponse);
    expect(() => parseSubmitted({})).toThrow(MalformedResponse);
    // The name becomes part of the next URL: nothing that could leave the API's path.
    expect(() => parseSubmitted({ name: '../../v1beta/files' })).toThrow(MalformedResponse);
    expect(() => parseSubmitted({ name: 'https://elsewhere.example/x' })).toThrow(
      MalformedResponse,
    );
    expect(parseSubmitted({ name: 'models/veo-3.1-generate-preview/operations/abc123' })).toBe(
      'models/veo-3.1-generate-preview/operations/abc123',
    );
  });

  it('names a safety refusal by the first category its reasons fall in', () => {
    expect(safetyCategoryOf(["Photorealistic images of children can't be used."])).toBe('children');
    expect(safetyCategoryOf(['sexually explicit content'])).toBe('sexual content');
    expect(safetyCategoryOf(['violent imagery'])).toBe('violence');
    expect(safetyCategoryOf(['celebrity likeness'])).toBe('people or faces');
    expect(safetyCategoryOf(['Support code: 1234'])).toBe('other content');
    expect(safetyCategoryOf([])).toBe('other content');
  });
});

describe('the Veo prompt', () => {
  it('is built from the SPEC options only, with the fixed negative prompt beside it', () => {
    const prompt = buildVeoPrompt({
      primaryAnimation: 'animate_after_smile',
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'fast',
    });
    expect(prompt).toContain('small, natural smile');
    expect(prompt).toContain('pushes in very slowly');
    expect(prompt).toContain('Brisk');
    expect(prompt).toContain(
      "Keep the person's face, features, skin and body exactly as in the photo",
    );
    expect(NEGATIVE_PROMPT).toMatch(/face shape.*skin texture.*body shape/);
  });

  it('asks for 16:9 or 9:16 only, and 1080p only for 1080p videos', () => {
    expect(veoAspectRatio('9:16')).toBe('9:16');
    expect(veoAspectRatio('16:9')).toBe('16:9');
    expect(veoAspectRatio('1:1')).toBe('16:9');
    expect(veoResolution({ width: 1280, height: 720 })).toBe('720p');
    expect(veoResolution({ width: 1080, height: 1920 })).toBe('1080p');
    expect(veoResolution({ width: 720, height: 720 })).toBe('720p');
  });
});
