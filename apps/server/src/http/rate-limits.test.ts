import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type AppDependencies } from '../app.ts';
import { RedisSlidingWindowLog } from '../rate-limit/redis-sliding-window-log.ts';
import { busiestSpan } from '../testing/busiest-span.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies, openFakeVideoServices } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
/**
 * The limiters read the clock through Date, which only these tests move (the database and
 * timers keep real time): one call, then calls 77 ms apart from 59.6 s later, half a second
 * before a minute turns (the edges of fixed windows counted from the clock or the first call).
 */
function callTimes(windowMs = 60_000): number[] {
  const start = Math.ceil(Date.now() / windowMs) * windowMs + windowMs - 500;
  return [start - windowMs + 400, ...Array.from({ length: 12 }, (_, call) => start + call * 77)];
}

async function acceptedAt(times: number[], call: (index: number) => Promise<number>) {
  const accepted: number[] = [];
  for (const [index, at] of times.entries()) {
    vi.setSystemTime(at);
    const status = await call(index);
    if (status !== 429) accepted.push(at);
  }
  return accepted;
}

describe('rate limits over HTTP: no 60 s span lets more than the limit through', () => {
  let test: TestRuntime;
  let services: Awaited<ReturnType<typeof openFakeVideoServices>>;
  const apps: FastifyInstance[] = [];
  const redisLogs: RedisSlidingWindowLog[] = [];

  async function openApp(extra: Partial<AppDependencies> = {}): Promise<FastifyInstance> {
    const app = await buildApp({
      ...coreDependencies(test),
      videoPipeline: services.videoPipeline,
      publicApi: services.publicApi,
      ...extra,
    });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    test = await openTestRuntime('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '5' });
    services = await openFakeVideoServices(test);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const log of redisLogs) await log.close();
    await services.close();
    await test.dispose();
  });

  async function signInAttempt(app: FastifyInstance, remoteAddress: string): Promise<number> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload: { email: 'nobody@glow.example', password: 'radiant2024' },
    });
    return response.statusCode;
  }

  it('counts API v1 calls of a 5-per-minute plan over a sliding window', async () => {
    const app = await openApp();
    const { cookie } = await signUpForCookie(app, ORIGIN);
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie },
      payload: { name: 'Zapier' },
    });
    const { key } = created.json<{ key: string }>();
    vi.useFakeTimers({ toFake: ['Date'] });
    const times = callTimes();
    const accepted = await acceptedAt(times, async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/videos',
        headers: { authorization: `Bearer ${key}` },
      });
      return response.statusCode;
    });
    expect(busiestSpan(accepted)).toBeLessThanOrEqual(5);
    // The first call, four of the burst, and one more once the first call has aged out.
    expect(accepted).toHaveLength(6);
  });

  it('counts sign-in attempts per address over a sliding window', async () => {
    const app = await openApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const accepted = await acceptedAt(callTimes(), () => signInAttempt(app, '10.66.0.1'));
    expect(busiestSpan(accepted)).toBeLessThanOrEqual(5);
    expect(accepted).toHaveLength(6);
  });

  it('counts demo requests per address over a sliding hour', async () => {
    const app = await openApp({ business: test.runtime.business });
    vi.useFakeTimers({ toFake: ['Date'] });
    const hour = 3_600_000;
    const accepted = await acceptedAt(callTimes(hour), async (index) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/schedule-demo',
        remoteAddress: '10.66.0.3',
        payload: { name: 'Dr. Rivera', email: `rivera-${index}@clinic.example` },
      });
      return response.statusCode;
    });
    expect(busiestSpan(accepted, hour)).toBeLessThanOrEqual(5);
    // The first call, four of the burst, and one more once the first call has aged out.
    expect(accepted).toHaveLength(6);
  });

  it('shares sign-in counts between two servers through Redis', async () => {
    await ensureRedisRunning();
    // A prefix of this test's own: the machine's Redis is shared and never flushed.
    const prefix = `test:ratelimit:${crypto.randomUUID()}:`;
    const servers: FastifyInstance[] = [];
    for (let server = 0; server < 2; server += 1) {
      const log = new RedisSlidingWindowLog(TEST_REDIS_URL, prefix);
      redisLogs.push(log);
      servers.push(await openApp({ rateLimits: { log, now: () => Date.now() } }));
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    const accepted = await acceptedAt(callTimes(), (index) =>
      signInAttempt(servers[index % 2] as FastifyInstance, '10.66.0.2'),
    );
    expect(busiestSpan(accepted)).toBeLessThanOrEqual(5);
    expect(accepted).toHaveLength(6);
  });
});
