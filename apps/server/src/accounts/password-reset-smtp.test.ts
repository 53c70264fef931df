import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP listener on loopback (its bundled STARTTLS certificate has expired: off). */
async function startSmtp(received: ReceivedMail[]): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((entry) => entry.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}` };
}

describe('password reset through SMTP_URL', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    const listener = await startSmtp(received);
    smtp = listener.server;
    test = await openTestRuntime('pglite', { SMTP_URL: listener.url });
    app = await buildApp(coreDependencies(test));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset link to the SMTP server and keeps nothing in the outbox', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    // The sign-up's verification e-mail is not what this test is about.
    await test.runtime.auth.mail.settled();
    received.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    await test.runtime.auth.mail.settled();

    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([email]);
    // Quoted-printable folds long lines ("=\r\n") and writes "=" as "=3D": undo both.
    const text = (received[0]?.raw ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(text).toContain('Subject: Reset your Glowreel password');
    expect(text).toMatch(/http:\/\/localhost:3999\/reset-password\?token=\w{20,}/);
    const kept = await test.runtime.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(kept).toEqual([]);
  });
});
