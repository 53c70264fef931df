import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  DATABASE_KINDS,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { finishVideo, VideosRepository } from './videos.repository.ts';

describe.each(DATABASE_KINDS)('render job ownership on %s', (kind) => {
  let test: TestRuntime;
  let videos: VideosRepository;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    videos = new VideosRepository(test.runtime.database.db);
  });
  afterAll(async () => {
    await test.dispose();
  });

  /** A processing video owned by `ownerId`, written with its reservation as the app does. */
  async function jobOf(ownerId: string, leaseMs = 60_000) {
    const user = await createTestUser(test.runtime);
    const id = crypto.randomUUID();
    await test.runtime.credits.reserveFor(user.id, (reservation, locked) =>
      locked.insertVideo({
        id,
        userId: user.id,
        title: 'T',
        prompt: 'P',
        options: {},
        template: 'reveal',
        width: 1280,
        height: 720,
        reservationId: reservation.reservationId,
        inputPath: `/tmp/${id}.upload`,
        ownerId,
        leaseMs,
      }),
    );
    return { id, userId: user.id };
  }

  async function expireLease(id: string) {
    await test.runtime.database.db
      .updateTable('videos')
      .set({ lease_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
  }

  it('lets nobody take a job whose lease is live, and exactly one of two once it expired', async () => {
    const { id } = await jobOf('server-gone');
    const expired = { previousOwner: 'server-gone', onlyIfExpired: true };
    expect(await videos.claim(id, 'server-b', 1000, expired)).toBe(false);

    await expireLease(id);
    const claims = await Promise.all(
      ['server-b', 'server-c', 'server-d'].map((owner) => videos.claim(id, owner, 1000, expired)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = ['server-b', 'server-c', 'server-d'][claims.indexOf(true)];
    expect((await videos.findById(id))?.owner_id).toBe(winner);
  });

  it("refuses a takeover from an owner that is no longer the row's", async () => {
    const { id } = await jobOf('server-a');
    await expireLease(id);
    const stale = { previousOwner: 'someone-else', onlyIfExpired: false };
    expect(await videos.claim(id, 'server-b', 1000, stale)).toBe(false);
    expect((await videos.findById(id))?.owner_id).toBe('server-a');
  });

  it("renews only its own processing jobs' leases, and only the owner may finish a job", async () => {
    const mine = await jobOf('server-a', 1000);
    const theirs = await jobOf('server-b', 1000);
    await expireLease(mine.id);
    await expireLease(theirs.id);
    await videos.renewLeases('server-a', 60_000);
    const live = { onlyIfExpired: true };
    expect(await videos.claim(mine.id, 'x', 1000, { ...live, previousOwner: 'server-a' })).toBe(
      false,
    );
    expect(await videos.claim(theirs.id, 'x', 1000, { ...live, previousOwner: 'server-b' })).toBe(
      true,
    );
    expect(
      await finishVideo(test.runtime.database.db, mine.id, 'server-b', { status: 'failed' }),
    ).toBe(false);
    expect(
      await finishVideo(test.runtime.database.db, mine.id, 'server-a', { status: 'failed' }),
    ).toBe(true);
  });

  it('settles reservations a crash left behind exactly once, and leaves live jobs alone', async () => {
    // Abandoned reservations of other tests in this file are settled too: count only ours.
    await test.runtime.credits.settleAbandoned();
    const user = await createTestUser(test.runtime);
    const withoutVideo = await test.runtime.credits.reserve(user.id);
    const completed = await jobOf('server-a');
    // What a crash between the two steps left, before they shared one transaction.
    await finishVideo(test.runtime.database.db, completed.id, 'server-a', { status: 'completed' });
    const running = await jobOf('server-a');

    expect(await test.runtime.credits.settleAbandoned()).toEqual({ committed: 1, refunded: 1 });
    expect(await test.runtime.credits.settleAbandoned()).toEqual({ committed: 0, refunded: 0 });
    const statuses = await test.runtime.database.db
      .selectFrom('credit_reservations')
      .innerJoin('videos', 'videos.reservation_id', 'credit_reservations.id')
      .select(['videos.id', 'credit_reservations.status'])
      .where('videos.id', 'in', [completed.id, running.id])
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [completed.id]: 'committed',
      [running.id]: 'reserved',
    });
    const refundedAlone = await test.runtime.database.db
      .selectFrom('credit_reservations')
      .select('status')
      .where('id', '=', withoutVideo.reservationId)
      .executeTakeFirst();
    expect(refundedAlone?.status).toBe('refunded');
  });
});
