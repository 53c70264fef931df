import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { openRuntime } from './runtime.ts';
import { FROZEN_MARKER } from './jobs/freeze-at.ts';
import { FREEZE_POINTS, type FreezePoint } from './jobs/freeze-points.ts';
import { auditCredits } from './testing/credit-audit.ts';
import { waitForOutput } from './testing/server-process.ts';
import {
  killHard,
  signUpClinic,
  startServer,
  stopGracefully,
  uploadComposite,
  waitForVideosSettled,
  freePort,
} from './testing/server-under-test.ts';
import { compositePhoto } from './testing/test-photos.ts';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from './testing/test-runtime.ts';

// Issue 15 item 1: a real server process is SIGKILLed at each step of a video's life, then
// started again on the same data. Whatever the step, the books must balance afterwards.
const NOTHING_RECORDED: readonly FreezePoint[] = [
  'before-reserve',
  'after-temp-file',
  'after-reserve',
];

// Servers (each ~0.3–0.6 GB while rendering) run a few at a time on a small machine.
const slots = { free: 4, waiting: [] as (() => void)[] };
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots.free === 0) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.free -= 1;
  try {
    return await work();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free += 1;
  }
}

let photo: Buffer;
// A migrated embedded database made once and copied for each step: creating one takes most
// of a server's first start.
let embeddedTemplate: string;
beforeAll(async () => {
  photo = await compositePhoto();
  embeddedTemplate = mkdtempSync(path.join(tmpdir(), 'glowreel-crash-template-'));
  const runtime = await openRuntime(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: embeddedTemplate }, process.cwd()),
  );
  await runtime.close();
});
afterAll(() => rmSync(embeddedTemplate, { recursive: true, force: true }));

async function crashAndRestart(kind: DatabaseKind, point: FreezePoint) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-crash-'));
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  if (kind === 'pglite') cpSync(embeddedTemplate, dataDir, { recursive: true });
  try {
    const options = { dataDir, port: await freePort(), databaseUrl: database?.url };
    const doomed = await startServer({ ...options, environment: { TEST_FREEZE_AT: point } });
    const cookie = await signUpClinic(doomed.origin, 'Crash Clinic');
    const frozen = waitForOutput(doomed.child, `${FROZEN_MARKER} ${point}`, 120_000);
    // Before the record is written the request never answers; the kill ends it.
    const upload = uploadComposite(doomed.origin, cookie, photo).catch(() => undefined);
    await frozen;
    await killHard(doomed);
    await upload;

    const restarted = await startServer(options);
    const videos = await waitForVideosSettled(restarted.origin, cookie);
    await stopGracefully(restarted);

    const handle = await openDatabase(
      database
        ? { kind: 'postgres', connectionString: database.url, poolSize: 2 }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    );
    try {
      return { videos, audit: await auditCredits(handle.db, [dataDir]) };
    } finally {
      await handle.close();
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(DATABASE_KINDS)('a server killed with SIGKILL during an upload on %s', (kind) => {
  it.concurrent.each(FREEZE_POINTS)(
    'at %s loses no credit, leaves no temp file and settles the video once',
    async (point) => {
      const { videos, audit } = await inSlot(() => crashAndRestart(kind, point));
      expect(audit.problems).toEqual([]);
      const [userId, balance] = [...audit.balances][0] ?? [];
      const granted = audit.granted.get(userId ?? '');
      if (NOTHING_RECORDED.includes(point)) {
        // The transaction never committed: no record, no reservation, no credit moved.
        expect(videos).toEqual([]);
        expect(audit.reservations).toBe(0);
        expect(balance).toBe(granted);
      } else {
        // The job existed, so the restarted server finished it (re-run, or just settled).
        expect(videos.map((video) => video.status)).toEqual(['completed']);
        expect(audit.reservations).toBe(1);
        expect(balance).toBe((granted ?? 0) - 1);
      }
    },
    300_000,
  );
});
