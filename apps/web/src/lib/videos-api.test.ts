import { describe, expect, it } from 'vitest';
import { parseVideoEvent } from './videos-api.ts';

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
    expect(parseVideoEvent('{"type":"failed","errorMessage":"An error occurred: x"}')).toEqual({
      type: 'failed',
      errorMessage: 'An error occurred: x',
    });
  });

  it('ignores malformed or unknown data', () => {
    expect(parseVideoEvent('not json')).toBeNull();
    expect(parseVideoEvent('{"type":"progress","stage":"3"}')).toBeNull();
    expect(parseVideoEvent('{"type":"paused"}')).toBeNull();
  });
});
