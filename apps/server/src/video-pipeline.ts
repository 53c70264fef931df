import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { BrandKitsRepository } from './db/brand-kits.repository.ts';
import { ConsentRecordsRepository } from './db/consent-records.repository.ts';
import { ProfilePhotosRepository } from './db/profile-photos.repository.ts';
import { VideosRepository } from './db/videos.repository.ts';
import { EmbeddedQueue } from './jobs/embedded-queue.ts';
import { freezeAt } from './jobs/freeze-at.ts';
import { NO_FREEZE } from './jobs/freeze-points.ts';
import { ProgressBus } from './jobs/progress-bus.ts';
import type { VideoRenderer } from './jobs/renderer.ts';
import type { Runtime } from './runtime.ts';
import { BrandService } from './services/brand.service.ts';
import { ProfilePhotoService } from './services/profile-photo.service.ts';
import { ConsentService } from './services/consent.service.ts';
import { RenderJobsService, type JobOwner } from './services/render-jobs.service.ts';
import { VideosService, type ImageInspector } from './services/videos.service.ts';
import type { KeptFiles } from './services/kept-files.ts';
import { openStorage, type Storage } from './storage/open-storage.ts';
import type { VideoStorage } from './storage/video-storage.ts';

export interface VideoPipeline {
  videos: VideosService;
  /** Each video's consent record (issue #18 §1), shown with it everywhere. */
  consents: ConsentRecordsRepository;
  /** Revoking a consent withdraws its video. */
  consent: ConsentService;
  /** The brand kit: its logo is checked like a video's, and API renders apply it. */
  brand: BrandService;
  /** The member's profile photo: checked like a logo, kept beside the logos. */
  profilePhotos: ProfilePhotoService;
  renderJobs: RenderJobsService;
  progress: ProgressBus;
  storage: VideoStorage;
  /** The brand logos' and profile photos' files (deleted with the account). */
  keptFiles: { logos: KeptFiles; photos: KeptFiles };
  /** Data export zips, in the same storage as the videos. */
  exportFiles: VideoStorage;
  queue: EmbeddedQueue;
  /** This process as the owner of the jobs it runs. */
  owner: JobOwner;
  close: () => Promise<void>;
}

export interface VideoPipelineAdapters {
  renderer: VideoRenderer;
  /** Storage the caller opened (and checked) already; else the configured one is opened. */
  storage?: Storage;
  inspector: ImageInspector;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

/** Wires uploads → queue → renderer → storage; recovers jobs a previous process left behind. */
export async function openVideoPipeline(
  config: Config,
  runtime: Runtime,
  adapters: VideoPipelineAdapters,
): Promise<VideoPipeline> {
  const tmpDir = path.join(config.dataDir, 'tmp');
  const scratchRoot = path.join(tmpDir, 'renders');
  // The data folder, or the S3 bucket (checked here: a bad one stops the start).
  const stored = adapters.storage ?? (await openStorage(config));
  const { uploads, videos: storage } = stored;
  const keptFiles = { logos: stored.logos, photos: stored.photos };
  const brand = new BrandService({
    kits: new BrandKitsRepository(runtime.database.db),
    logos: keptFiles.logos,
    inspectLogo: (bytes) => adapters.inspector.inspectLogo(bytes),
    log: adapters.log,
  });
  const profilePhotos = new ProfilePhotoService({
    photos: new ProfilePhotosRepository(runtime.database.db),
    files: keptFiles.photos,
    profiles: runtime.profiles,
    inspectPhoto: (bytes) => adapters.inspector.inspectProfilePhoto(bytes),
    log: adapters.log,
  });
  const progress = new ProgressBus();
  const videosRepository = new VideosRepository(runtime.database.db);
  const consents = new ConsentRecordsRepository(runtime.database.db);
  const owner: JobOwner = { id: crypto.randomUUID(), leaseMs: config.jobs.leaseMs };
  const freeze = config.freezeAt ? freezeAt(config.freezeAt) : NO_FREEZE;
  const renderJobs = new RenderJobsService({
    owner,
    freeze,
    videos: videosRepository,
    credits: runtime.credits,
    storage,
    uploads,
    renderer: adapters.renderer,
    progress,
    scratchDir: async (videoId) => {
      const dir = path.join(scratchRoot, videoId);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return dir;
    },
    removeScratchDir: (videoId) =>
      rm(path.join(scratchRoot, videoId), { recursive: true, force: true }),
    log: adapters.log,
    metrics: runtime.metrics,
  });
  const videos = new VideosService({
    videos: videosRepository,
    consents,
    credits: runtime.credits,
    profiles: runtime.profiles,
    storage,
    uploads,
    inspector: adapters.inspector,
    progress,
    audit: runtime.audit,
    owner,
    freeze,
  });
  const queue = new EmbeddedQueue(
    (videoId) => renderJobs.process(videoId),
    config.render.concurrency,
    (videoId, error) => adapters.log.error({ videoId, err: error }, 'render job crashed'),
  );
  videos.attachQueue(queue);
  runtime.metrics.watchQueue('render', queue);
  const consent = new ConsentService({
    consents,
    videos,
    log: adapters.log,
    audit: runtime.audit,
  });
  // Scratch folders only ever hold a running job's files; none survive a restart.
  await rm(scratchRoot, { recursive: true, force: true });
  const recover = async (atStart: boolean) => {
    const recovered = await renderJobs.recover((videoId) => queue.enqueue(videoId), { atStart });
    if (recovered.requeued + recovered.failed + recovered.settled > 0)
      adapters.log.info(recovered, 'recovered unfinished videos');
  };
  await recover(true);
  // The heartbeat keeps this process's jobs (running and waiting) its own; the sweep takes
  // over jobs of servers that stopped beating. Neither keeps the process alive by itself.
  const heartbeat = setInterval(() => {
    videosRepository
      .renewLeases(owner.id, owner.leaseMs)
      .catch((error: unknown) => adapters.log.error({ err: error }, 'job heartbeat failed'));
  }, config.jobs.heartbeatMs).unref();
  const sweep = setInterval(() => {
    recover(false).catch((error: unknown) =>
      adapters.log.error({ err: error }, 'recovery sweep failed'),
    );
  }, config.jobs.leaseMs).unref();
  return {
    videos,
    consents,
    consent,
    brand,
    profilePhotos,
    renderJobs,
    progress,
    storage,
    keptFiles,
    exportFiles: stored.exports,
    queue,
    owner,
    close: async () => {
      clearInterval(sweep);
      await queue.close();
      // The last beat stops only after the running jobs have ended.
      clearInterval(heartbeat);
      await adapters.renderer.close();
      stored.close();
    },
  };
}
