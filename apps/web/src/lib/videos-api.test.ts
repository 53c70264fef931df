import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRunningVideo, fetchVideo, parseVideoEvent, type VideoRecord } from './videos-api.ts';

function record(overrides: Partial<VideoRecord>): VideoRecord {
  return {
    id: crypto.randomUUID(),
    userId: 'clinic-1',
    title: 'Clinical Video - Nov 25, 2026',
    prompt: 'before head turn',
    status: 'completed',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:08.000Z',
    downloadUrl: null,
    thumbnailUrl: null,
    processingTime: null,
    fileSize: null,
    duration: null,
    errorMessage: null,
    errorCode: null,
    progress: 0,
    stage: 1,
    width: 1080,
    height: 1920,
    warnings: [],
    template: null,
    engine: 'builtin',
    consent: null,
    ...overrides,
  };
}

/** The server's answer to every fetch, as JSON. */
function serverAnswers(body: unknown, status = 200) {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchRunningVideo', () => {
  it("picks the clinic's newest render still processing", async () => {
    const newest = record({ status: 'processing', progress: 40, stage: 3 });
    serverAnswers({
      videos: [record({}), newest, record({ status: 'processing' }), record({ status: 'failed' })],
    });
    expect(await fetchRunningVideo()).toEqual(newest);
  });

  it('answers null when nothing is running', async () => {
    serverAnswers({ videos: [record({}), record({ status: 'failed' })] });
    expect(await fetchRunningVideo()).toBeNull();
  });
});

describe('fetchVideo', () => {
  it('fills in the warnings an older record lacks', async () => {
    const { warnings: _warnings, ...older } = record({});
    serverAnswers(older);
    expect((await fetchVideo(older.id)).warnings).toEqual([]);
  });

  it('refuses a reply that is not a video record instead of rendering it', async () => {
    serverAnswers({ id: 'x', status: 'paused' });
    await expect(fetchVideo('x')).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });
});

describe('parseVideoEvent', () => {
  it('reads a progress event', () => {
    const data = JSON.stringify({
      type: 'progress',
      stage: 3,
      stageName: 'Rendering Video',
      progress: 42,
    });
    expect(parseVideoEvent(data)).toEqual({
      type: 'progress',
      stage: 3,
      stageName: 'Rendering Video',
      progress: 42,
    });
  });

  it('reads completed and failed events', () => {
    expect(parseVideoEvent('{"type":"completed"}')).toEqual({ type: 'completed' });
    expect(
      parseVideoEvent('{"type":"failed","errorCode":"encoding_failed","errorMessage":"x"}'),
    ).toEqual({ type: 'failed', errorCode: 'encoding_failed', errorMessage: 'x' });
    // A code this page does not know yet reads as the generic one.
    expect(parseVideoEvent('{"type":"failed","errorMessage":"x"}')).toEqual({
      type: 'failed',
      errorCode: 'render_failed',
      errorMessage: 'x',
    });
  });

  it('ignores malformed or unknown data', () => {
    expect(parseVideoEvent('not json')).toBeNull();
    expect(parseVideoEvent('{"type":"progress","stage":"3"}')).toBeNull();
    expect(parseVideoEvent('{"type":"paused"}')).toBeNull();
  });
});
