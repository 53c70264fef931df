import { auditLogPageSchema, type AuditEventKind } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

// GET /api/audit-log: the signed-in clinic's own events, newest first, filtered and paged.

const ORIGIN = 'http://localhost:3999';

describe.each(DATABASE_KINDS)('GET /api/audit-log on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    app = await buildApp(coreDependencies(test));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  async function clinicWith(kinds: AuditEventKind[]) {
    const account = await signUpForCookie(app, ORIGIN);
    for (const [index, eventKind] of kinds.entries()) {
      await test.runtime.audit.record({
        kind: eventKind,
        accountId: account.userId,
        actor: { kind: 'user', userId: account.userId, ipAddress: `203.0.113.${index + 1}` },
        target: { type: 'account', id: account.userId },
        details: { index },
      });
    }
    return account;
  }

  const get = (cookie: string | undefined, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/audit-log${query}`,
      headers: cookie ? { cookie } : {},
    });
  const pageOf = async (cookie: string, query = '') => {
    const response = await get(cookie, query);
    expect(response.statusCode, response.body).toBe(200);
    return auditLogPageSchema.parse(response.json());
  };

  it('answers 401 without a session', async () => {
    const response = await get(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('lists the account’s events newest first, with who, where and what', async () => {
    const clinic = await clinicWith(['account.signed_in', 'api_key.created']);
    const page = await pageOf(clinic.cookie);
    expect(page.events.map((event) => event.kind)).toEqual([
      'api_key.created',
      'account.signed_in',
    ]);
    expect(page.events[0]).toMatchObject({
      actor: { kind: 'user', userId: clinic.userId, label: `Test Clinic (${clinic.email})` },
      ipAddress: '203.0.113.2',
      target: { type: 'account', id: clinic.userId },
      details: { index: 1 },
    });
    expect(Date.parse(page.events[0]?.occurredAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(page).toMatchObject({ olderCursor: null, newerCursor: null });
  });

  it('never shows another account’s events', async () => {
    const mine = await clinicWith(['account.signed_in']);
    const theirs = await clinicWith(['account.signed_in', 'plan.changed']);
    const page = await pageOf(mine.cookie);
    expect(page.events).toHaveLength(1);
    expect(page.events.every((event) => event.actor.userId === mine.userId)).toBe(true);
    // A query cannot name another account: only kind and the cursors are read.
    const crafted = await pageOf(
      mine.cookie,
      `?accountId=${theirs.userId}&account_id=${theirs.userId}`,
    );
    expect(crafted.events.map((event) => event.id)).toEqual(page.events.map((event) => event.id));
    // Their cursor leads nowhere in my log.
    const theirPage = await pageOf(theirs.cookie, '?limit=1');
    const viaTheirCursor = await pageOf(mine.cookie, `?before=${theirPage.olderCursor ?? ''}`);
    expect(viaTheirCursor.events.every((event) => event.actor.userId === mine.userId)).toBe(true);
  });

  it('filters by kind', async () => {
    const clinic = await clinicWith([
      'account.signed_in',
      'video.created',
      'account.signed_in',
      'video.downloaded',
    ]);
    const page = await pageOf(clinic.cookie, '?kind=account.signed_in');
    expect(page.events.map((event) => [event.kind, event.details.index])).toEqual([
      ['account.signed_in', 2],
      ['account.signed_in', 0],
    ]);
    expect((await pageOf(clinic.cookie, '?kind=')).events).toHaveLength(4);
  });

  it('pages older and newer with cursors, within a kind', async () => {
    const kinds: AuditEventKind[] = Array.from({ length: 7 }, (_, index) =>
      index % 3 === 2 ? 'video.created' : 'account.signed_in',
    );
    const clinic = await clinicWith(kinds);
    const first = await pageOf(clinic.cookie, '?kind=account.signed_in&limit=2');
    expect(first.events.map((event) => event.details.index)).toEqual([6, 4]);
    expect(first.newerCursor).toBeNull();
    const second = await pageOf(
      clinic.cookie,
      `?kind=account.signed_in&limit=2&before=${first.olderCursor}`,
    );
    expect(second.events.map((event) => event.details.index)).toEqual([3, 1]);
    const third = await pageOf(
      clinic.cookie,
      `?kind=account.signed_in&limit=2&before=${second.olderCursor}`,
    );
    expect(third.events.map((event) => event.details.index)).toEqual([0]);
    expect(third.olderCursor).toBeNull();
    // Back towards the newest: the page before reads the same as it did.
    const back = await pageOf(
      clinic.cookie,
      `?kind=account.signed_in&limit=2&after=${third.newerCursor}`,
    );
    expect(back.events.map((event) => event.details.index)).toEqual([3, 1]);
    const top = await pageOf(
      clinic.cookie,
      `?kind=account.signed_in&limit=2&after=${back.newerCursor}`,
    );
    expect(top.events.map((event) => event.details.index)).toEqual([6, 4]);
    expect(top.newerCursor).toBeNull();
  });

  it.each([
    ['an unknown kind', '?kind=video.teleported', 'kind', /Unknown kind "video.teleported"/],
    ['a limit over the maximum', '?limit=500', 'limit', /at most 100/],
    ['a limit of zero', '?limit=0', 'limit', /at least 1/],
    ['a limit that is not a number', '?limit=lots', 'limit', /whole number/],
    ['a malformed cursor', '?before=abc', 'before', /cursor/],
    ['both cursors', '?before=5&after=2', 'before', /not both/],
  ])('refuses %s with 422 naming the field', async (_label, query, field, message) => {
    const clinic = await clinicWith(['account.signed_in']);
    const response = await get(clinic.cookie, query);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: { code: string; message: string; details: object } }>();
    expect(body.error).toMatchObject({ code: 'validation_failed', details: { field } });
    expect(body.error.message).toMatch(message);
  });
});
