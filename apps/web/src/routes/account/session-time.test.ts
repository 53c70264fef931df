import { describe, expect, it } from 'vitest';
import { describeSessionTime } from './session-time.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('describeSessionTime', () => {
  it('reads recent activity the way people say it', () => {
    expect(describeSessionTime('2026-11-26T11:59:30Z', NOW)).toBe('just now');
    expect(describeSessionTime('2026-11-26T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(describeSessionTime('2026-11-26T09:00:00Z', NOW)).toBe('3 hours ago');
  });

  it('gives the date for anything older than a day, and says when it cannot tell', () => {
    expect(describeSessionTime('2026-11-20T09:00:00Z', NOW)).toMatch(/^Nov 20, 2026/);
    expect(describeSessionTime('not a date', NOW)).toBe('unknown');
  });
});
