import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { openDataRights, type DataRights } from '../data-rights/open-data-rights.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import { RecordingAuditTrail } from './recording-audit-trail.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';
import { FakeRenderer } from './fake-renderer.ts';
import { signUpForCookie } from './session-cookie.ts';
import { openTestRuntime, type DatabaseKind, type TestRuntime } from './test-runtime.ts';
import { coreDependencies } from './test-app.ts';

export interface FullTestApp {
  app: FastifyInstance;
  test: TestRuntime;
  pipeline: VideoPipeline;
  publicApi: PublicApi;
  dataRights: DataRights;
  /** What deleting and exporting recorded. */
  audit: RecordingAuditTrail;
  renderer: FakeRenderer;
  dispose: () => Promise<void>;
}

/**
 * Every route the server has (accounts, uploads, API v1, billing, demo requests, feedback and
 * a small built SPA), rendering with the fake renderer: for tests that sweep the whole surface.
 */
export async function openFullTestApp(
  kind: DatabaseKind,
  environment: Record<string, string> = {},
): Promise<FullTestApp> {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'glowreel-dist-'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Glowreel</title>');
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'assets', 'app.js'), 'console.log(1)');
  const test = await openTestRuntime(kind, { WEB_DIST_DIR: webDistDir, ...environment });
  const renderer = new FakeRenderer();
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const pipeline = await openVideoPipeline(test.config, test.runtime, {
    renderer,
    inspector: engineImageInspector,
    log: quiet,
  });
  const publicApi = openPublicApi(test.config, test.runtime, pipeline, { log: quiet });
  const audit = new RecordingAuditTrail();
  const dataRights = openDataRights(test.config, test.runtime, pipeline, {
    audit,
    readAuditLog: (accountId) => Promise.resolve(audit.of(accountId)),
    business: test.runtime.business,
    log: quiet,
  });
  const app = await buildApp({
    ...coreDependencies(test),
    videoPipeline: pipeline,
    publicApi,
    dataRights,
    business: test.runtime.business,
  });
  await app.ready();
  return {
    app,
    test,
    pipeline,
    publicApi,
    dataRights,
    audit,
    renderer,
    dispose: async () => {
      await app.close();
      await dataRights.close();
      await publicApi.close();
      await pipeline.close();
      await test.dispose();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

/**
 * A clinic signed up through the real route, on the Enterprise plan (200 API calls a minute,
 * so the per-plan limit stays out of a test's way), with an API key.
 */
export async function signUpClinicWithKey(
  full: FullTestApp,
  origin: string,
): Promise<{ cookie: string; userId: string; key: string }> {
  const { cookie, userId } = await signUpForCookie(full.app, origin);
  await full.test.runtime.database.db
    .updateTable('profiles')
    .set({ plan: 'enterprise' })
    .where('user_id', '=', userId)
    .execute();
  const created = await full.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie, origin },
    payload: { name: 'Test key' },
  });
  return { cookie, userId, key: created.json<{ key: string }>().key };
}
