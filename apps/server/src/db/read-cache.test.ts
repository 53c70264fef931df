import { personalClinicOf } from '../testing/clinic-members.ts';
import {
  createQueryId,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { ProfilesRepository } from './profiles.repository.ts';
import { ReadCache, ReadCachePlugin, readCacheOf } from './read-cache.ts';
import type { Database } from './schema.ts';
import { VideosRepository } from './videos.repository.ts';

// The cache is sound only if no write, by any path, leaves a stale row behind. These tests
// write the way the code paths do (query builder, transactions, raw SQL, Better Auth's own
// updates) and read back through the repositories at once.
describe('rows remembered on the embedded database', () => {
  let test: TestRuntime;
  let cache: ReadCache;
  let profiles: ProfilesRepository;
  let videos: VideosRepository;

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    cache = readCacheOf(test.runtime.database.db)!;
    profiles = new ProfilesRepository(test.runtime.database.db);
    videos = new VideosRepository(test.runtime.database.db);
  });
  afterAll(async () => {
    await test.dispose();
  });

  const db = () => test.runtime.database.db;
  /** The member's view of their personal clinic's profile. */
  const profileOf = async (userId: string) =>
    profiles.findWithUser(userId, await personalClinicOf(db(), userId));

  it('answers a repeated read from memory', async () => {
    const user = await createTestUser(test.runtime, { name: 'Cached Clinic' });
    const first = await profileOf(user.id);
    expect(first?.name).toBe('Cached Clinic');
    expect(cache.size).toBeGreaterThan(0);
    expect(await profileOf(user.id)).toBe(first);
  });

  it('shows a change made with the query builder at once', async () => {
    const user = await createTestUser(test.runtime);
    await profileOf(user.id);
    await db()
      .updateTable('profiles')
      .set({ credits_bonus: 41 })
      .where('user_id', '=', user.id)
      .execute();
    expect((await profileOf(user.id))?.credits_bonus).toBe(41);
  });

  it('shows a change to another table the read joins (the user row Better Auth owns)', async () => {
    const user = await createTestUser(test.runtime);
    await profileOf(user.id);
    await db()
      .updateTable('user')
      .set({ name: 'Renamed Clinic' })
      .where('id', '=', user.id)
      .execute();
    expect((await profileOf(user.id))?.name).toBe('Renamed Clinic');
  });

  it('shows a change made in raw SQL and inside a transaction', async () => {
    const user = await createTestUser(test.runtime);
    await profileOf(user.id);
    await sql`update profiles set credits_free = 7 where user_id = ${user.id}`.execute(db());
    expect((await profileOf(user.id))?.credits_free).toBe(7);
    await profiles.withLockedProfile(await personalClinicOf(db(), user.id), (locked) =>
      locked.update({ credits_free: 3 }),
    );
    expect((await profileOf(user.id))?.credits_free).toBe(3);
  });

  it('shows a change made by a data-modifying WITH that reads like a select', async () => {
    const user = await createTestUser(test.runtime);
    await profileOf(user.id);
    await db()
      .with('changed', (eb) =>
        eb
          .updateTable('profiles')
          .set({ credits_free: 11 })
          .where('user_id', '=', user.id)
          .returning('user_id'),
      )
      .selectFrom('changed')
      .selectAll()
      .execute();
    expect((await profileOf(user.id))?.credits_free).toBe(11);
  });

  it('shows a video update and a deletion at once', async () => {
    const user = await createTestUser(test.runtime);
    const id = await insertVideoRow(test.runtime, user.id, { status: 'processing' });
    expect((await videos.findById(id))?.status).toBe('processing');
    await videos.update(id, { progress: 50 });
    expect((await videos.findById(id))?.progress).toBe(50);
    expect((await videos.findRecordById(id))?.progress).toBe(50);
    await videos.update(id, { progress: 60 });
    expect((await videos.findRecordById(id))?.progress).toBe(60);
    await db().deleteFrom('videos').where('id', '=', id).execute();
    expect(await videos.findById(id)).toBeUndefined();
  });

  it('does not keep a row read while a write to it was running', async () => {
    const user = await createTestUser(test.runtime);
    const id = await insertVideoRow(test.runtime, user.id, { status: 'processing' });
    // Both start before either finishes; PGlite runs them one after the other.
    const [read] = await Promise.all([videos.findById(id), videos.update(id, { progress: 90 })]);
    expect(read?.progress === 0 || read?.progress === 90).toBe(true);
    expect((await videos.findById(id))?.progress).toBe(90);
  });

  it('hands out rows nobody can change by accident', async () => {
    const user = await createTestUser(test.runtime);
    const row = await profileOf(user.id);
    expect(Object.isFrozen(await profileOf(user.id))).toBe(true);
    expect(row).toBeDefined();
  });
});

describe('the write watch', () => {
  it('keeps no row that was read between the start and the end of a write', async () => {
    // Only builds queries: the plugin is driven by hand, in the order that matters.
    const builder = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const cache = new ReadCache();
    const plugin = new ReadCachePlugin(cache);
    const write = builder.updateTable('videos').set({ progress: 1 }).where('id', '=', 'v');
    const queryId = createQueryId();
    plugin.transformQuery({ node: write.toOperationNode(), queryId });
    // A read that begins once the write was announced but is answered before it ran.
    let answer: (row: { progress: number }) => void = () => undefined;
    const read = cache.read(
      'video:v',
      () => new Promise<{ progress: number }>((resolve) => (answer = resolve)),
    );
    await plugin.transformResult({ queryId, result: { rows: [] } });
    answer({ progress: 0 });
    expect(await read).toEqual({ progress: 0 });
    expect(cache.size).toBe(0);
  });
});

describe('reads of one key under way', () => {
  function pending() {
    let answer: (row: { n: number }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ n: number }>((resolve) => (answer = resolve)));
    return { load, answer: (row: { n: number }) => answer(row) };
  }

  it('share one query', async () => {
    const cache = new ReadCache();
    const { load, answer } = pending();
    const reads = [cache.read('k', load), cache.read('k', load), cache.read('k', load)];
    answer({ n: 1 });
    expect(await Promise.all(reads)).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('are not shared with a read that began after a write', async () => {
    const cache = new ReadCache();
    const before = pending();
    const stale = cache.read('k', before.load);
    cache.noteWrite();
    const after = pending();
    const fresh = cache.read('k', after.load);
    before.answer({ n: 1 });
    after.answer({ n: 2 });
    expect(await stale).toEqual({ n: 1 });
    expect(await fresh).toEqual({ n: 2 });
    expect(await cache.read('k', pending().load)).toEqual({ n: 2 });
  });
});

describe('on PostgreSQL', () => {
  it('remembers nothing: other servers write to the same database', async () => {
    const test = await openTestRuntime('postgres');
    try {
      expect(readCacheOf(test.runtime.database.db)).toBeUndefined();
    } finally {
      await test.dispose();
    }
  });
});
