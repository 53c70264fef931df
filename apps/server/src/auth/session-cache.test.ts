import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

function cacheAt(clock: { now: number }, maxEntries = 100) {
  return new SessionCache({ ttlMs: 5_000, maxEntries, now: () => clock.now });
}

const hourFrom = (now: number) => new Date(now + 3_600_000);

describe('SessionCache', () => {
  it('forgets a session after its time to live', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    cache.remember('tok1.sig1', { token: 'tok1', userId: 'u1', expiresAt: hourFrom(clock.now) });
    clock.now += 4_999;
    expect(cache.find('tok1.sig1')?.userId).toBe('u1');
    clock.now += 1;
    expect(cache.find('tok1.sig1')).toBeUndefined();
  });

  it('never keeps a session past its own expiry', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    const expiresAt = new Date(clock.now + 1_000);
    cache.remember('tok1.sig1', { token: 'tok1', userId: 'u1', expiresAt });
    clock.now += 1_000;
    expect(cache.find('tok1.sig1')).toBeUndefined();
  });

  it('answers only for the exact signed value it was given', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    cache.remember('tok1.sig1', { token: 'tok1', userId: 'u1', expiresAt: hourFrom(clock.now) });
    expect(cache.find('tok1.other')).toBeUndefined();
    // A cookie naming one token whose session turned out to be another is not remembered.
    cache.remember('tok2.sig2', { token: 'tok3', userId: 'u3', expiresAt: hourFrom(clock.now) });
    expect(cache.find('tok2.sig2')).toBeUndefined();
  });

  it('reads URL-encoded cookie values as Better Auth sends them', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    const signed = encodeURIComponent('tok1.a/b+c=');
    cache.remember(signed, { token: 'tok1', userId: 'u1', expiresAt: hourFrom(clock.now) });
    expect(cache.find(signed)?.userId).toBe('u1');
    cache.revoke('tok1');
    expect(cache.find(signed)).toBeUndefined();
  });

  it('does not let a lookup that began before a revocation put the session back', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    cache.revoke('tok1');
    cache.remember('tok1.sig1', { token: 'tok1', userId: 'u1', expiresAt: hourFrom(clock.now) });
    expect(cache.find('tok1.sig1')).toBeUndefined();
  });

  it('holds at most maxEntries sessions, dropping the oldest', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock, 2);
    for (const token of ['a', 'b', 'c'])
      cache.remember(`${token}.s`, { token, userId: token, expiresAt: hourFrom(clock.now) });
    expect(cache.size).toBe(2);
    expect(cache.find('a.s')).toBeUndefined();
    expect(cache.find('c.s')?.userId).toBe('c');
  });

  it('past half its life asks one caller to look the session up again, serving the rest', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    const session = { token: 'tok1', userId: 'u1', expiresAt: hourFrom(clock.now) };
    cache.remember('tok1.sig1', session);
    expect(cache.find('tok1.sig1')).toEqual({ userId: 'u1', shouldRefresh: false });
    clock.now += 2_500;
    expect(cache.find('tok1.sig1')).toEqual({ userId: 'u1', shouldRefresh: true });
    expect(cache.find('tok1.sig1')).toEqual({ userId: 'u1', shouldRefresh: false });
    cache.remember('tok1.sig1', session);
    clock.now += 2_499;
    expect(cache.find('tok1.sig1')).toEqual({ userId: 'u1', shouldRefresh: false });
  });

  it('forgets a session a fresh lookup no longer finds', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    cache.remember('tok1.sig1', { token: 'tok1', userId: 'u1', expiresAt: hourFrom(clock.now) });
    cache.forget('tok1.other');
    expect(cache.find('tok1.sig1')?.userId).toBe('u1');
    cache.forget('tok1.sig1');
    expect(cache.find('tok1.sig1')).toBeUndefined();
  });
});
