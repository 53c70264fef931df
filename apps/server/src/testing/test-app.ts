import type { AppDependencies } from '../app.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import type { ImageInspector } from '../services/videos.service.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';
import { FakeRenderer } from './fake-renderer.ts';
import type { TestRuntime } from './test-runtime.ts';

/** What every app built on a test runtime is given. */
export function coreDependencies(test: TestRuntime): AppDependencies {
  return {
    config: test.config,
    auth: test.runtime.auth,
    profiles: test.runtime.profiles,
    clinicMembers: test.runtime.clinicMembers,
    audit: test.runtime.audit,
    isDatabaseReady: test.runtime.database.isReady,
  };
}

/** Accepts any bytes as a 1920×1080 photo: for tests of the rules around an upload. */
const anyPhoto: ImageInspector = {
  inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

/** The video pipeline (fake renderer) and API v1, for tests of the routes around them. */
export async function openFakeVideoServices(test: TestRuntime): Promise<{
  videoPipeline: VideoPipeline;
  publicApi: PublicApi;
  close: () => Promise<void>;
}> {
  const videoPipeline = await openVideoPipeline(test.config, test.runtime, {
    renderer: new FakeRenderer(),
    inspector: anyPhoto,
    log: { info: () => undefined, error: () => undefined },
  });
  const publicApi = openPublicApi(test.config, test.runtime, videoPipeline, {
    log: { warn: () => undefined },
  });
  return {
    videoPipeline,
    publicApi,
    close: async () => {
      await publicApi.close();
      await videoPipeline.close();
    },
  };
}
