import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import {
  openVideoPipeline,
  type VideoPipeline,
  type VideoPipelineAdapters,
} from '../video-pipeline.ts';
import { coreDependencies } from './test-app.ts';
import type { TestRuntime } from './test-runtime.ts';

export interface PipelineTestApp {
  app: FastifyInstance;
  pipeline: VideoPipeline;
  publicApi: PublicApi;
  /** Closes the app, the public API and the pipeline; the test runtime stays the caller's. */
  close: () => Promise<void>;
}

/**
 * The HTTP app over a test runtime with a real video pipeline and public API, rendering with
 * the renderer and judging photos with the inspector the test chooses; every log line goes to
 * `log` (nowhere by default).
 */
export async function openPipelineTestApp(
  test: TestRuntime,
  adapters: Pick<VideoPipelineAdapters, 'renderer' | 'inspector'> & {
    log?: (details: object, message: string) => void;
  },
): Promise<PipelineTestApp> {
  const log = adapters.log ?? (() => undefined);
  const pipeline = await openVideoPipeline(test.config, test.runtime, {
    renderer: adapters.renderer,
    inspector: adapters.inspector,
    log: { info: log, error: log },
  });
  const publicApi = openPublicApi(test.config, test.runtime, pipeline, { log: { warn: log } });
  const app = await buildApp({ ...coreDependencies(test), videoPipeline: pipeline, publicApi });
  return {
    app,
    pipeline,
    publicApi,
    close: async () => {
      await app.close();
      await publicApi.close();
      await pipeline.close();
    },
  };
}
