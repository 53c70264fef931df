import { renderSettingsSchema } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestRuntime } from '../testing/test-runtime.ts';

// The route touches no table, so PGlite alone is enough.
describe('GET /api/render-settings', () => {
  it.each<{ setting: string; environment: Record<string, string>; faceDetection: boolean }>([
    { setting: 'left unset', environment: {}, faceDetection: true },
    { setting: 'false', environment: { FACE_DETECTION: 'false' }, faceDetection: false },
  ])(
    'answers faceDetection $faceDetection to anyone when FACE_DETECTION is $setting',
    async ({ environment, faceDetection }) => {
      const test = await openTestRuntime('pglite', environment);
      const app = await buildApp({
        config: test.config,
        auth: test.runtime.auth,
        profiles: test.runtime.profiles,
        audit: test.runtime.audit,
        isDatabaseReady: test.runtime.database.isReady,
      });
      try {
        // No session cookie: the /generate page may ask before anything else.
        const response = await app.inject({ method: 'GET', url: '/api/render-settings' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        const body: unknown = response.json();
        expect(body).toEqual({ faceDetection });
        expect(renderSettingsSchema.parse(body)).toEqual({ faceDetection });
      } finally {
        await app.close();
        await test.dispose();
      }
    },
  );
});
