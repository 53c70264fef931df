import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';

const ORIGIN = 'http://localhost:3999';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP listener; STARTTLS is off because the package's bundled certificate expired. */
async function startSmtp(received: ReceivedMail[]): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((entry) => entry.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}` };
}

async function appFor(test: TestRuntime): Promise<FastifyInstance> {
  const app = await buildApp({
    config: test.config,
    auth: test.runtime.auth,
    profiles: test.runtime.profiles,
    audit: test.runtime.audit,
    isDatabaseReady: test.runtime.database.isReady,
    business: test.runtime.business,
  });
  await app.ready();
  return app;
}

describe.each(DATABASE_KINDS)('demo requests, feedback and figures on %s', (kind) => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let test: TestRuntime;
  let app: FastifyInstance;
  let address = 0;

  beforeAll(async () => {
    const listener = await startSmtp(received);
    smtp = listener.server;
    test = await openTestRuntime(kind, {
      SMTP_URL: listener.url,
      DEMO_REQUEST_TO: 'owner@glowreel.example',
      DEMO_REQUEST_RATE_LIMIT_PER_HOUR: '3',
      PUBLIC_STATS_MIN_COUNT: '2',
    });
    app = await appFor(test);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  function scheduleDemo(payload: Record<string, unknown>, remoteAddress = `10.3.0.${++address}`) {
    return app.inject({ method: 'POST', url: '/api/schedule-demo', remoteAddress, payload });
  }

  it('refuses a demo request without a name or with a bad e-mail, saying what is wrong', async () => {
    const noName = await scheduleDemo({ name: ' ', email: 'a@clinic.example' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ success: boolean; error: string }>()).toMatchObject({ success: false });
    expect(noName.json<{ error: string }>().error).toMatch(/Full Name is required/);
    const badEmail = await scheduleDemo({ name: 'Dr. Rivera', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ success: boolean }>().success).toBe(false);
    expect(badEmail.json<{ error: string }>().error).toMatch(/valid e-mail/);
    const tooLong = await scheduleDemo({
      name: 'Dr. Rivera',
      email: 'a@clinic.example',
      message: 'x'.repeat(4001),
    });
    expect(tooLong.statusCode).toBe(400);
    const stored = await test.runtime.database.db.selectFrom('demo_requests').selectAll().execute();
    expect(stored).toHaveLength(0);
  });

  it('stores a demo request and e-mails it to the operator through SMTP', async () => {
    const response = await scheduleDemo({
      name: 'Dr. Ana Rivera',
      email: 'ana@lumiere.example',
      phone: '+1 415 555 0100',
      company: 'Lumiere Aesthetics',
      message: 'We would like a walkthrough for our three locations.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const stored = await test.runtime.database.db
      .selectFrom('demo_requests')
      .selectAll()
      .where('email', '=', 'ana@lumiere.example')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Dr. Ana Rivera',
      company: 'Lumiere Aesthetics',
      delivery: 'smtp',
    });
    const mail = received.find((entry) => entry.raw.includes('ana@lumiere.example'));
    expect(mail?.to).toEqual(['owner@glowreel.example']);
    expect(mail?.raw).toMatch(/Subject: Demo request from Dr\. Ana Rivera \(Lumiere Aesthetics\)/);
    expect(mail?.raw).toMatch(/Reply-To: ana@lumiere.example/);
    expect(mail?.raw).toMatch(/three locations/);
    const outbox = await test.runtime.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toHaveLength(0);
  });

  it('limits demo requests per client address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await scheduleDemo(
        { name: 'Spammer', email: 'spam@example.com' },
        '10.4.0.1',
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toMatchObject({ success: false });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(
      (await scheduleDemo({ name: 'Other', email: 'other@example.com' }, '10.4.0.2')).statusCode,
    ).toBe(200);
  });

  function videoOf(userId: string, status: 'completed' | 'failed' = 'completed') {
    return insertVideoRow(test.runtime, userId, { status });
  }

  function sendFeedback(cookie: string | null, payload: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: cookie ? { cookie } : {},
      payload,
    });
  }

  it("stores feedback on the caller's own video only and feeds the landing figures", async () => {
    const before: unknown = (await app.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(before).toEqual({ clinics: null, videosCompleted: null, satisfactionPercent: null });

    const a = await signUpForCookie(app, ORIGIN);
    const b = await signUpForCookie(app, ORIGIN);
    const videoA = await videoOf(a.userId);
    await videoOf(a.userId);
    // One clinic's own renders reach the count (2) but not the claim: still hidden.
    expect((await app.inject({ method: 'GET', url: '/api/stats' })).json()).toEqual(before);
    const videoB = await videoOf(b.userId);
    const hash = 'a'.repeat(64);

    expect((await sendFeedback(null, { rating: 'good', videoId: videoA })).statusCode).toBe(401);
    const foreign = await sendFeedback(a.cookie, { rating: 'good', videoId: videoB });
    expect(foreign.statusCode).toBe(404);
    const noCategory = await sendFeedback(a.cookie, { rating: 'bad', videoId: videoA });
    expect(noCategory.statusCode).toBe(400);
    const badHash = await sendFeedback(a.cookie, {
      rating: 'good',
      videoId: videoA,
      compositeImageHash: 'abc',
    });
    expect(badHash.statusCode).toBe(400);

    const good = await sendFeedback(a.cookie, {
      rating: 'good',
      videoId: videoA,
      compositeImageHash: hash,
      userAgent: 'Chromium test',
      prompt: 'before head turn',
      timestamp: '2026-11-22T10:00:00.000Z',
    });
    expect(good.statusCode).toBe(201);
    const bad = await sendFeedback(b.cookie, {
      rating: 'bad',
      category: 'Face Was Distorted',
      text: 'The jaw moved.',
      videoId: videoB,
    });
    expect(bad.statusCode).toBe(201);
    const rows = await test.runtime.database.db
      .selectFrom('video_feedback')
      .selectAll()
      .orderBy('rating', 'desc')
      .execute();
    expect(rows).toMatchObject([
      {
        user_id: a.userId,
        video_id: videoA,
        rating: 'good',
        composite_image_hash: hash,
        category: null,
      },
      {
        user_id: b.userId,
        video_id: videoB,
        rating: 'bad',
        category: 'Face Was Distorted',
        text: 'The jaw moved.',
      },
    ]);

    // Two clinics, three completed videos, two answers (half good): every figure shows.
    const after: unknown = (await app.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(after).toEqual({ clinics: 2, videosCompleted: 3, satisfactionPercent: 50 });
    await videoOf(a.userId, 'failed'); // Failed renders are not counted.
    expect((await app.inject({ method: 'GET', url: '/api/stats' })).json()).toEqual(after);
  });
});

describe('demo requests without SMTP', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await openTestRuntime('pglite', { DEMO_REQUEST_TO: 'owner@glowreel.example' });
    app = await appFor(test);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('keeps the e-mail in the outbox an operator lists', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/schedule-demo',
      payload: { name: 'Dr. Kim', email: 'kim@glow.example', phone: '', company: '' },
    });
    expect(response.json()).toEqual({ success: true });
    const [mail] = await test.runtime.admin.listOutbox(10);
    expect(mail).toMatchObject({
      to_address: 'owner@glowreel.example',
      reply_to: 'kim@glow.example',
      subject: 'Demo request from Dr. Kim',
    });
    const stored = await test.runtime.database.db
      .selectFrom('demo_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ delivery: 'outbox', phone: null, company: null });
  });
});

describe('demo requests when the SMTP server refuses', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  beforeAll(async () => {
    // Port 1 on the loopback: nothing listens, so the connection is refused at once.
    test = await openTestRuntime('pglite', { SMTP_URL: 'smtp://127.0.0.1:1', LOG_LEVEL: 'silent' });
    app = await appFor(test);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('still stores the request and keeps its e-mail in the outbox', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/schedule-demo',
      payload: { name: 'Dr. Okafor', email: 'okafor@derm.example' },
    });
    expect(response.json()).toEqual({ success: true });
    const [mail] = await test.runtime.admin.listOutbox(10);
    expect(mail).toMatchObject({ reply_to: 'okafor@derm.example' });
    const stored = await test.runtime.database.db
      .selectFrom('demo_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'okafor@derm.example', delivery: 'outbox' });
  });
});
