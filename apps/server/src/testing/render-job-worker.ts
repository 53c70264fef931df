import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { VideosRepository } from '../db/videos.repository.ts';
import type { ProgressBus, VideoEvent } from '../jobs/progress-bus.ts';
import type { VideoRenderer } from '../jobs/renderer.ts';
import type { Runtime } from '../runtime.ts';
import { RenderJobsService } from '../services/render-jobs.service.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import type { UploadFiles } from '../services/upload-files.ts';

export interface RenderJobWorkerOptions {
  renderer: VideoRenderer;
  storage: VideoStorage;
  uploads: UploadFiles;
  /** Holds each job's scratch folder, under `renders/<videoId>/<owner id>`. */
  folder: string;
  /** Told every event the worker publishes to the pages. */
  onEvent?: (videoId: string, event: VideoEvent) => void;
  /** Told the final record of every video the worker ends. */
  onFinished?: (videoId: string) => void;
}

/**
 * One process's render jobs, wired to a test runtime's database and credits as the server
 * wires them, with a fresh owner id: two of them are two servers (or workers) sharing one
 * database.
 */
export function renderJobWorker(
  runtime: Runtime,
  options: RenderJobWorkerOptions,
): { jobs: RenderJobsService; ownerId: string } {
  const owner = { id: crypto.randomUUID(), leaseMs: 30_000 };
  const progress: ProgressBus = {
    publish: (videoId, event) => options.onEvent?.(videoId, event),
    subscribe: () => () => undefined,
  };
  const renders = path.join(options.folder, 'renders');
  const scratch = (videoId: string) => path.join(renders, videoId, owner.id);
  const jobs = new RenderJobsService({
    owner,
    videos: new VideosRepository(runtime.database.db),
    credits: runtime.credits,
    metrics: runtime.metrics,
    storage: options.storage,
    uploads: options.uploads,
    renderer: options.renderer,
    progress,
    scratchDir: async (videoId) => {
      await mkdir(scratch(videoId), { recursive: true });
      return scratch(videoId);
    },
    removeScratchDir: (videoId) =>
      rm(path.join(renders, videoId), { recursive: true, force: true }),
    listScratchDirs: () => readdir(renders).catch(() => []),
    log: { info: () => undefined, error: () => undefined },
  });
  jobs.onVideoFinished((row) => Promise.resolve(options.onFinished?.(row.id)));
  return { jobs, ownerId: owner.id };
}
