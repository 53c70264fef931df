import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { FROZEN_MARKER } from './jobs/freeze-at.ts';
import { renderFailureMessage } from '@glowreel/contracts';
import { auditCredits } from './testing/credit-audit.ts';
import { waitForExit, waitForOutput } from './testing/server-process.ts';
import {
  killHard,
  signUpClinic,
  spawnServer,
  startServer,
  stopGracefully,
  uploadComposite,
  waitForVideosSettled,
  type ServerOptions,
  type ServerUnderTest,
  freePort,
} from './testing/server-under-test.ts';
import { compositePhoto } from './testing/test-photos.ts';
import { createTestDatabase } from './testing/test-runtime.ts';

// Issue 15 item 2: the README's "Run at scale" set-up, two server processes on one
// PostgreSQL database, each with its own data folder.
const TIMEOUT_MS = 300_000;

describe('two servers on one PostgreSQL database', () => {
  let photo: Buffer;
  let database: { url: string; drop: () => Promise<void> };
  let folders: string[];
  let running: ServerUnderTest[];
  let first: ServerOptions;
  let second: ServerOptions;

  beforeAll(async () => {
    photo = await compositePhoto();
  });
  beforeEach(async () => {
    database = await createTestDatabase();
    folders = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'glowreel-two-')));
    running = [];
    // A short lease so a dead server's jobs are taken over within seconds; one secret so a
    // session works on either server, as behind a load balancer.
    const environment = {
      JOB_LEASE_MS: '4000',
      JOB_HEARTBEAT_MS: '1000',
      AUTH_SECRET: 'two-servers-test-secret-of-at-least-32-chars',
    };
    const [firstDir = '', secondDir = ''] = folders;
    first = { dataDir: firstDir, port: await freePort(), databaseUrl: database.url, environment };
    second = { dataDir: secondDir, port: await freePort(), databaseUrl: database.url, environment };
  });
  afterEach(async () => {
    await Promise.all(running.map((server) => killHard(server)));
    await database.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function start(
    options: ServerOptions,
    extra: Record<string, string> = {},
  ): Promise<ServerUnderTest> {
    const server = await startServer({
      ...options,
      environment: { ...options.environment, ...extra },
    });
    running.push(server);
    return server;
  }

  async function audit() {
    await Promise.all(running.map((server) => stopGracefully(server)));
    const handle = await openDatabase({
      kind: 'postgres',
      connectionString: database.url,
      poolSize: 2,
    });
    try {
      return await auditCredits(handle.db, folders);
    } finally {
      await handle.close();
    }
  }

  it(
    "restarting one server mid-render leaves the other's videos to finish untouched",
    async () => {
      // A lease long enough for the killed server to come back before it runs out (else
      // the other server would rightly fail and refund the dead one's job meanwhile).
      const lease = { JOB_LEASE_MS: '20000' };
      const one = await start(first, lease);
      const two = await start(second, { ...lease, TEST_FREEZE_AT: 'mid-render' });
      const clinicOne = await signUpClinic(one.origin, 'Clinic One');
      const clinicTwo = await signUpClinic(two.origin, 'Clinic Two');
      // One renders at a time, so two of these wait in the queue: their leases must be
      // renewed while they wait, for longer than a lease lasts.
      for (let i = 0; i < 3; i += 1) {
        expect((await uploadComposite(one.origin, clinicOne, photo)).status).toBe(202);
      }
      const frozen = waitForOutput(two.child, `${FROZEN_MARKER} mid-render`, 120_000);
      expect((await uploadComposite(two.origin, clinicTwo, photo)).status).toBe(202);
      await frozen;
      await killHard(two);

      const twoAgain = await start(second, lease);
      expect(twoAgain.output()).toContain('"requeued":1,"failed":0');
      const videosOne = await waitForVideosSettled(one.origin, clinicOne, 180_000);
      const videosTwo = await waitForVideosSettled(twoAgain.origin, clinicTwo, 180_000);
      expect(videosOne.map((video) => video.status)).toEqual([
        'completed',
        'completed',
        'completed',
      ]);
      expect(videosTwo.map((video) => video.status)).toEqual(['completed']);

      const result = await audit();
      expect(result.problems).toEqual([]);
      expect(result.reservations).toBe(4);
    },
    TIMEOUT_MS,
  );

  it(
    "takes over a dead server's jobs only once its lease has run out: failed and refunded once",
    async () => {
      const doomed = await start(first, { TEST_FREEZE_AT: 'mid-render' });
      const survivor = await start(second);
      const clinic = await signUpClinic(doomed.origin, 'Clinic Gone');
      const frozen = waitForOutput(doomed.child, `${FROZEN_MARKER} mid-render`, 120_000);
      expect((await uploadComposite(doomed.origin, clinic, photo)).status).toBe(202);
      await frozen;
      await killHard(doomed);

      // The photo was on the dead server's disk: the survivor can only fail and refund it.
      const [video] = await waitForVideosSettled(survivor.origin, clinic, 60_000);
      const details = await fetch(`${survivor.origin}/api/videos/${video?.id ?? ''}`, {
        headers: { cookie: clinic },
      });
      expect(await details.json()).toMatchObject({
        status: 'failed',
        errorCode: 'photo_unavailable',
        errorMessage: renderFailureMessage('photo_unavailable', video?.id ?? ''),
      });

      // The dead server's folder comes back: its leftover photo is deleted, nothing re-run.
      const back = await start(first);
      expect(back.output()).not.toContain('recovered unfinished videos');
      const result = await audit();
      expect(result.problems).toEqual([]);
      expect(result.reservations).toBe(1);
    },
    TIMEOUT_MS,
  );

  it('refuses a second server on a data folder a live server uses', async () => {
    const owner = await start(first);
    const child = spawnServer({ ...first, port: await freePort() });
    const refused = await waitForExit(child, 45_000).finally(() => child.kill('SIGKILL'));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      `data folder ${first.dataDir} is in use by process ${owner.child.pid}`,
    );
    expect((await fetch(`${owner.origin}/readyz`)).status).toBe(200);
  }, 90_000);
});
