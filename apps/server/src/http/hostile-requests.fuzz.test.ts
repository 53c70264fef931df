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
const REQUESTS_PER_DATABASE = 800;

describe.each(DATABASE_KINDS)('hostile requests against every route on %s', (kind) => {
  let full: FullTestApp;
  let cookie = '';
  let userId = '';
  let key = '';
  let videoId = '';
  let photo = Buffer.alloc(0);

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    const { app } = full;
    ({ cookie, userId, key } = await signUpClinicWithKey(full, ORIGIN));
    // Near-valid uploads may start videos: enough credits that later ones still get that far.
    await full.test.runtime.credits.grant(userId, 100, 'bonus', 'fuzz test');
    // One finished video, so ranges, signed links and feedback sometimes meet a real one.
    photo = await sharp({
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
    const db = full.test.runtime.database.db;
    const balance = await full.test.runtime.credits.getBalance(userId);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'reason', 'reservation_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const videos = await db
      .selectFrom('videos')
      .select(['id', 'status', 'reservation_id'])
      .where('user_id', '=', userId)
      .execute();
    const reserved = await db
      .selectFrom('credit_reservations')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'reserved')
      .execute();
    return { balance, ledger, videos, reserved };
  }

  /**
   * Some generated uploads carry a real photo and legal fields, so a video may start: credits
   * may then move for those videos only, each finished (committed) or failed (refunded).
   */
  async function expectCreditsMovedOnlyFor(
    accepted: Set<string>,
    before: Awaited<ReturnType<typeof creditState>>,
  ) {
    const after = await creditState();
    const started = after.videos.filter((video) => video.id !== videoId);
    expect(started.map((video) => video.id).sort()).toEqual([...accepted].sort());
    expect(started.every((video) => ['completed', 'failed'].includes(video.status))).toBe(true);
    expect(after.reserved).toEqual([]);
    const completed = started.filter((video) => video.status === 'completed').length;
    expect(after.balance.total).toBe(before.balance.total - completed);
    expect(after.ledger.slice(0, before.ledger.length)).toEqual(before.ledger);
    const theirs = new Set(started.map((video) => video.reservation_id));
    const newRows = after.ledger.slice(before.ledger.length);
    expect(newRows.filter((row) => !theirs.has(row.reservation_id ?? ''))).toEqual([]);
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

  it(`answers ${REQUESTS_PER_DATABASE} generated hostile requests without a 5xx, moving no credit but for videos it accepted`, async () => {
    expect(videoId).not.toBe('');
    const before = await creditState();
    const random = new SeededRandom(SEEDS[kind]);
    const failures: string[] = [];
    const routesHit = new Set<string>();
    const accepted = new Set<string>();
    for (let index = 0; index < REQUESTS_PER_DATABASE; index += 1) {
      const request = hostileRequest(random, { videoId, photo });
      routesHit.add(
        `${request.method} ${request.url.split('?')[0]?.split('/').slice(0, 3).join('/')}`,
      );
      const response = await send(request, index);
      if (response.statusCode === 202) accepted.add(response.json<{ id: string }>().id);
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
    await expectCreditsMovedOnlyFor(accepted, before);
    const health = await full.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const ready = await full.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const me = await full.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  }, 180_000);
});
