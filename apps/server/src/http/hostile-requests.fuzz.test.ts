import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFullTestApp,
  signUpClinicWithKey,
  type FullTestApp,
} from '../testing/full-test-app.ts';
import { hostileRequest, type HostileRequest } from '../testing/hostile-requests.ts';
import { multipart } from '../testing/multipart.ts';
import { SeededRandom } from '../testing/random.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
/** Fixed seeds: a failure names its request, and the same run reproduces it. */
const SEEDS = { pglite: 20261125, postgres: 15150315 } as const;
const REQUESTS_PER_DATABASE = 320;

describe.each(DATABASE_KINDS)('hostile requests against every route on %s', (kind) => {
  let full: FullTestApp;
  let cookie = '';
  let userId = '';
  let key = '';
  let videoId = '';

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    const { app } = full;
    ({ cookie, userId, key } = await signUpClinicWithKey(full, ORIGIN));
    // One finished video, so ranges, signed links and feedback sometimes meet a real one.
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    const upload = multipart({ consent: 'true' }, photo);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...upload.headers, cookie, origin: ORIGIN },
      payload: upload.payload,
    });
    videoId = accepted.json<{ id: string }>().id;
    await full.pipeline.queue.drain();
  });
  afterAll(async () => {
    await full.dispose();
  });

  async function creditState() {
    const balance = await full.test.runtime.credits.getBalance(userId);
    const ledger = await full.test.runtime.database.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'reason'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return { balance, ledger };
  }

  function send(request: HostileRequest, index: number) {
    const auth: Record<string, string> =
      request.caller === 'cookie'
        ? // The app's own Origin: cookie requests must reach the handlers, not a CSRF check.
          { cookie, origin: ORIGIN }
        : request.caller === 'key'
          ? { authorization: `Bearer ${key}` }
          : {};
    return full.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...auth },
      // Anonymous callers come from many addresses, so the per-address limits rarely answer.
      remoteAddress: `10.66.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  }

  it(`answers ${REQUESTS_PER_DATABASE} generated hostile requests without a 5xx, moving no credit`, async () => {
    expect(videoId).not.toBe('');
    const before = await creditState();
    const random = new SeededRandom(SEEDS[kind]);
    const failures: string[] = [];
    const routesHit = new Set<string>();
    for (let index = 0; index < REQUESTS_PER_DATABASE; index += 1) {
      const request = hostileRequest(random, { videoId });
      routesHit.add(
        `${request.method} ${request.url.split('?')[0]?.split('/').slice(0, 3).join('/')}`,
      );
      const response = await send(request, index);
      if (response.statusCode >= 500) {
        const body =
          request.payload === undefined
            ? ''
            : ` body ${JSON.stringify(String(request.payload).slice(0, 200))}`;
        failures.push(
          `#${index} ${request.method} ${request.url.slice(0, 200)} as ${request.caller} ${JSON.stringify(request.headers).slice(0, 300)}${body} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(routesHit.size).toBeGreaterThan(15);
    await full.pipeline.queue.drain();
    expect(await creditState()).toEqual(before);
    const health = await full.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const ready = await full.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const me = await full.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  }, 180_000);
});
