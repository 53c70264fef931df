import { describe, expect, it } from 'vitest';
import { defaultVideoTitle } from './video-title.ts';

describe('defaultVideoTitle', () => {
  // Midday UTC, so the date is the same in every time zone the tests may run in.
  const now = new Date('2026-11-25T12:00:00Z');

  it('names the treatment and the date when a treatment title is given', () => {
    expect(defaultVideoTitle(now, 'Lip Filler')).toBe('Lip Filler · Nov 25, 2026');
    expect(defaultVideoTitle(now, '  Botox  ')).toBe('Botox · Nov 25, 2026');
  });

  it('falls back to the clinical video title without a treatment', () => {
    expect(defaultVideoTitle(now)).toBe('Clinical Video - Nov 25, 2026');
    expect(defaultVideoTitle(now, null)).toBe('Clinical Video - Nov 25, 2026');
    expect(defaultVideoTitle(now, '   ')).toBe('Clinical Video - Nov 25, 2026');
  });
});
