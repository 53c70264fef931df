import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { BrandKitsRepository } from './db/brand-kits.repository.ts';
import { ConsentRecordsRepository } from './db/consent-records.repository.ts';
import { ProfilePhotosRepository } from './db/profile-photos.repository.ts';
import { VideosRepository } from './db/videos.repository.ts';
import { openJobQueue, openProgressBus } from './jobs/open-job-queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { freezeAt } from './jobs/freeze-at.ts';
import { NO_FREEZE } from './jobs/freeze-points.ts';
import type { ProgressBus } from './jobs/progress-bus.ts';
import type { VideoRenderer } from './jobs/renderer.ts';
import type { Runtime } from './runtime.ts';
import { BrandService } from './services/brand.service.ts';
import { ProfilePhotoService } from './services/profile-photo.service.ts';
import { ConsentService } from './services/consent.service.ts';
import { EngineOptInsRepository } from './db/engine-opt-ins.repository.ts';
import { EnginesService } from './services/engines.service.ts';
import { VeoRenderer } from './engines/veo/veo-renderer.ts';
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
  /** Which engines a clinic may use (issue #20). */
  engines: EnginesService;
  progress: ProgressBus;
  storage: VideoStorage;
  /** The brand logos' and profile photos' files (deleted with the account). */
  keptFiles: { logos: KeptFiles; photos: KeptFiles };
  /** Data export zips, in the same storage as the videos. */
  exportFiles: VideoStorage;
  queue: JobQueue;
  /** Scale mode: hands this process's running jobs back to the queue (a shutdown out of time). */
  handBack: () => Promise<number>;
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

export interface VideoPipelineOptions {
  /**
   * Whether this process renders. Embedded: always. Scale mode: a worker does, an API
   * server unless RUN_WORKERS=false.
   */
  worksJobs?: boolean;
}

/** Wires uploads → queue → renderer → storage; recovers jobs a previous process left behind. */
export async function openVideoPipeline(
  config: Config,
  runtime: Runtime,
  adapters: VideoPipelineAdapters,
  options: VideoPipelineOptions = {},
): Promise<VideoPipeline> {
  const tmpDir = path.join(config.dataDir, 'tmp');
  const owner: JobOwner = { id: crypto.randomUUID(), leaseMs: config.jobs.leaseMs };
  const scaled = config.queue.redisUrl !== null;
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
  const progress = await openProgressBus(config, adapters.log);
  const videosRepository = new VideosRepository(runtime.database.db);
  const consents = new ConsentRecordsRepository(runtime.database.db);
  const freeze = config.freezeAt ? freezeAt(config.freezeAt) : NO_FREEZE;
  const renderJobs = new RenderJobsService({
    owner,
    freeze,
    videos: videosRepository,
    credits: runtime.credits,
    storage,
    uploads,
    renderer: adapters.renderer,
    // Issue #20: only with VEO_API_KEY; it renders its template with the built-in renderer.
    generative: config.veo
      ? new VeoRenderer(config.veo, adapters.renderer, config.render.ffmpegPath)
      : null,
    progress,
    scratchDir: async (videoId) => {
      // At scale processes share the data folder, and a worker taken for dead may still
      // write: each attempt writes apart, and the job's end removes every attempt's files.
      const dir = scaled
        ? path.join(scratchRoot, videoId, owner.id)
        : path.join(scratchRoot, videoId);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return dir;
    },
    removeScratchDir: (videoId) =>
      rm(path.join(scratchRoot, videoId), { recursive: true, force: true }),
    listScratchDirs: () => readdir(scratchRoot).catch(() => []),
    log: adapters.log,
    metrics: runtime.metrics,
  });
  const engines = new EnginesService({
    optIns: new EngineOptInsRepository(runtime.database.db),
    veo: config.veo,
    planOf: async ({ userId, clinicId }) =>
      (await runtime.profiles.getProfile(userId, clinicId)).subscription.plan,
  });
  const videos = new VideosService({
    videos: videosRepository,
    consents,
    credits: runtime.credits,
    profiles: runtime.profiles,
    storage,
    uploads,
    inspector: adapters.inspector,
    engines,
    progress,
    audit: runtime.audit,
    owner,
    freeze,
  });
  const jobs = openJobQueue(config, {
    worksJobs: options.worksJobs ?? true,
    renderJobs,
    log: adapters.log,
  });
  const { queue } = jobs;
  videos.attachQueue(queue);
  runtime.metrics.watchQueue('render', queue);
  const consent = new ConsentService({
    consents,
    videos,
    log: adapters.log,
    audit: runtime.audit,
  });
  // Scratch folders only ever hold a running job's files; none survive a restart (at scale
  // other processes' running jobs use the folder: each job's end clears its own).
  if (!scaled) await rm(scratchRoot, { recursive: true, force: true });
  const recover = async (atStart: boolean) => {
    const recovered = jobs.requeue
      ? await renderJobs.recoverQueued(jobs.requeue)
      : await renderJobs.recover((videoId) => queue.enqueue(videoId), { atStart });
    if (jobs.holds) recovered.failed += await renderJobs.endStoppedRuns(jobs.holds);
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
    engines,
    progress,
    storage,
    keptFiles,
    exportFiles: stored.exports,
    queue,
    handBack: jobs.handBack,
    owner,
    close: async () => {
      clearInterval(sweep);
      await queue.close();
      // The last beat stops only after the running jobs have ended.
      clearInterval(heartbeat);
      await adapters.renderer.close();
      await progress.close();
      stored.close();
    },
  };
}
