import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { jobSlotsFor } from './job-slots.ts';

describe('job slots', () => {
  it('are the render concurrency, doubled only when generative jobs may wait on a provider', () => {
    expect(jobSlotsFor(loadConfig({ RENDER_CONCURRENCY: '3' }, '/srv'))).toBe(3);
    expect(jobSlotsFor(loadConfig({ RENDER_CONCURRENCY: '3', VEO_API_KEY: 'k' }, '/srv'))).toBe(6);
  });
});
