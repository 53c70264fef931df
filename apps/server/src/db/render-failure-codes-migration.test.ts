import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import * as migration from './migrations/20261126060000-render-failure-codes.ts';

// Failures recorded before failure codes kept the renderer's own text; the migration gives
// them a code and replaces that text, so no old path or stack reaches a page.
describe('the render failure codes migration', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let userId = '';
  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    app = await buildApp(coreDependencies(test));
    ({ userId } = await signUpForCookie(app, 'http://localhost:3999'));
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('codes old failures and replaces the internal text they kept', async () => {
    const db = test.runtime.database.db;
    const leaked =
      'An error occurred: Unknown file extension ".ts" for /srv/app/render.worker.ts. Your credit was refunded.';
    const restarted =
      'The server restarted before this video finished and the photo was no longer available. Your credit was refunded; please generate it again.';
    const ids = {
      leaked: await insertVideoRow(test.runtime, userId, {
        status: 'failed',
        error_message: leaked,
      }),
      restarted: await insertVideoRow(test.runtime, userId, {
        status: 'failed',
        error_message: restarted,
      }),
      completed: await insertVideoRow(test.runtime, userId, { status: 'completed' }),
    };
    // Back to the table as it was before the migration, then forward again.
    await migration.down(db as Kysely<unknown>);
    await migration.up(db as Kysely<unknown>);
    const { rows } = await sql<{
      id: string;
      error_code: string | null;
      error_message: string | null;
    }>`
      select id, error_code, error_message from videos where user_id = ${userId}
    `.execute(db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.leaked)).toMatchObject({ error_code: 'render_failed' });
    expect(byId.get(ids.leaked)?.error_message).not.toContain('.ts');
    expect(byId.get(ids.restarted)).toMatchObject({
      error_code: 'photo_unavailable',
      error_message: restarted,
    });
    expect(byId.get(ids.completed)).toMatchObject({ error_code: null });
  });
});
