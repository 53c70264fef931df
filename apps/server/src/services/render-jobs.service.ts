import {
  GENERATIVE_STAGE_NAMES,
  renderFailureMessage,
  type EngineId,
  type RenderFailureCode,
  type SafetyCategory,
} from '@glowreel/contracts';
import type { GenerativeRenderer } from '../engines/generative-renderer.ts';
import { GenerationFailure } from '../engines/veo/generation-failure.ts';
import type { VideoRow, VideosRepository } from '../db/videos.repository.ts';
import { NO_FREEZE, type FreezeProbe } from '../jobs/freeze-points.ts';
import type { ProgressBus } from '../jobs/progress-bus.ts';
import type { RenderProgress, RenderRequest, VideoRenderer } from '../jobs/renderer.ts';
import type { RenderMetrics } from '../metrics/metrics.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import type { CreditsService } from './credits.service.ts';
import type { UploadFiles, UploadPart } from './upload-files.ts';
import { renderFailureCodeOf, UploadMissing, VideoStorageFailure } from './render-failure.ts';
import { STAGE_NAMES } from './video-copy.ts';
import { mergeWarnings, type VideoWarning } from './video-warnings.ts';

/** This process as the owner of render jobs: a random id per start, and its lease length. */
export interface JobOwner {
  id: string;
  leaseMs: number;
}

export interface RenderJobsDependencies {
  owner: JobOwner;
  videos: VideosRepository;
  credits: CreditsService;
  storage: VideoStorage;
  uploads: UploadFiles;
  renderer: VideoRenderer;
  /** The generative engine (issue #20); null when this server has no provider key. */
  generative?: GenerativeRenderer | null;
  progress: ProgressBus;
  /** A private scratch folder for one job's outputs. */
  scratchDir: (videoId: string) => Promise<string>;
  removeScratchDir: (videoId: string) => Promise<void>;
  /** The videos with a scratch folder in this process's data folder. */
  listScratchDirs: () => Promise<string[]>;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
  /** Crash tests only. */
  freeze?: FreezeProbe;
  /** Render seconds and failures for GET /metrics. */
  metrics: RenderMetrics;
}

export interface RecoveryResult {
  requeued: number;
  failed: number;
  /** Reservations a crash left 'reserved' after (or without) their video, now settled. */
  settled: number;
}

/** How long a job of this process no run holds stays untouched before the sweep ends it. */
const STOPPED_RUN_MIN_AGE_MS = 60_000;

/** Renders started for one video before recovery stops re-running it. */
export const MAX_RENDER_ATTEMPTS = 3;

interface StoredOptions extends Omit<RenderRequest['options'], never> {
  branding: RenderRequest['branding'];
  /** Absent on records made before logos were accepted. */
  hasLogo?: boolean;
  /** True when the public API sent a before and an after photo instead of a composite. */
  hasAfterImage?: boolean;
  /** The consent record the video was made under; absent on records made before them. */
  consentId?: string;
}

/**
 * Runs one render job to its end: the record becomes completed (credit committed) or
 * failed (credit refunded), and the upload and scratch files are removed either way.
 */
export class RenderJobsService {
  private readonly finishedListeners: ((row: VideoRow) => Promise<void>)[] = [];

  constructor(private readonly deps: RenderJobsDependencies) {}

  /** Called with the final record whenever a video completes or fails (webhooks). */
  onVideoFinished(listener: (row: VideoRow) => Promise<void>): void {
    this.finishedListeners.push(listener);
  }

  private async announceFinished(videoId: string): Promise<void> {
    if (this.finishedListeners.length === 0) return;
    const row = await this.deps.videos.findById(videoId);
    if (!row) return;
    for (const listener of this.finishedListeners) {
      // A listener's failure must never undo or fail the render itself.
      await listener(row).catch((error: unknown) =>
        this.deps.log.error({ videoId, err: error }, 'video finished listener failed'),
      );
    }
  }

  async process(videoId: string): Promise<void> {
    const row = await this.deps.videos.findById(videoId);
    // A job another process took over (this one's lease ran out) is no longer ours to run.
    if (row?.status !== 'processing' || row.owner_id !== this.deps.owner.id) return;
    const freeze = this.deps.freeze ?? NO_FREEZE;
    const started = Date.now();
    // The stage the renderer last reported: a failure is told to the user by it.
    const reached = { stage: 1 };
    await this.deps.videos.update(videoId, { attempts: row.attempts + 1, stage: 1, progress: 0 });
    this.publishProgress(videoId, row.engine, 1, 0);
    try {
      const result = await this.render(row, reached);
      freeze.reached('after-encode');
      const { videoKey, thumbnailKey } = outputKeys(row);
      await this.store([
        [videoKey, result.videoPath],
        [thumbnailKey, result.posterPath],
      ]);
      const completed = {
        status: 'completed' as const,
        stage: 4,
        progress: 100,
        video_key: videoKey,
        thumbnail_key: thumbnailKey,
        processing_time_ms: Date.now() - started,
        file_size: result.fileSize,
        duration: result.durationSeconds,
        warnings: JSON.stringify(mergeStoredWarnings(row.warnings, result.warnings)),
        provenance: JSON.stringify(result.provenance),
        input_path: null,
        completed_at: new Date(),
      };
      const finished = await this.deps.credits.endAndSettle(
        row.reservation_id,
        'committed',
        async (locked) => {
          const ended = await locked.finishVideo(videoId, this.deps.owner.id, completed);
          // Inside the transaction: a crash here leaves the job processing, its credit reserved.
          if (ended) freeze.reached('after-finish');
          return ended;
        },
      );
      if (!finished) {
        // Another process finished the same job (a worker taken for dead came back): its
        // files, under the same keys, are the record's now.
        if ((await this.deps.videos.findById(videoId))?.status === 'completed') return;
        // Another process failed (and refunded) it meanwhile: keep no file without a record.
        await this.removeOutputs(row);
        this.deps.log.info({ videoId }, 'video rendered after another process took it over');
        return;
      }
      freeze.reached('after-commit');
      this.deps.metrics.renderCompleted({
        width: row.width,
        height: row.height,
        template: row.template,
        seconds: (Date.now() - started) / 1000,
      });
      this.deps.progress.publish(videoId, { type: 'completed' });
      await this.announceFinished(videoId);
      this.deps.log.info({ videoId, ms: Date.now() - started }, 'video rendered');
    } catch (error) {
      const code = failureCodeOf(error, row.engine, reached.stage);
      // The internal reason (paths, ffmpeg's output, the stack) stays in the log, under the
      // video id the user's message quotes; the user, the API and webhooks get the code.
      this.deps.log.error(
        { videoId, failureCode: code, stage: reached.stage, err: error },
        'video render failed',
      );
      await this.fail(row, code, error instanceof GenerationFailure ? error.safetyCategory : null);
    } finally {
      await this.deps.uploads.remove(videoId);
      await this.deps.removeScratchDir(videoId);
    }
  }

  /**
   * Scale mode: a worker took the job from the queue. The queue hands a job to one worker at
   * a time, and again only once the previous one stopped renewing its lock (killed, frozen):
   * the record is taken over from whoever owned it in one conditional UPDATE, so of two
   * workers that both believe the job theirs only one runs it, and only one finishes it.
   */
  async processQueued(videoId: string): Promise<void> {
    const row = await this.deps.videos.findById(videoId);
    if (row?.status !== 'processing') return;
    const { owner } = this.deps;
    if (row.owner_id !== owner.id) {
      const claimed = await this.deps.videos.claim(videoId, owner.id, owner.leaseMs, {
        previousOwner: row.owner_id,
        onlyIfExpired: false,
      });
      if (!claimed) return;
    }
    if (row.attempts >= MAX_RENDER_ATTEMPTS) {
      // Every attempt ended with its worker dying mid-render: it ends here, refunded.
      await this.endAbandoned(row, 'repeated_crash');
      return;
    }
    await this.process(videoId);
  }

  /** Scale mode: the queue gave a job up for good; its record ends failed, refunded once. */
  async giveUp(videoId: string): Promise<void> {
    const row = await this.deps.videos.findById(videoId);
    if (row?.status !== 'processing') return;
    const claimed =
      row.owner_id === this.deps.owner.id ||
      (await this.deps.videos.claim(videoId, this.deps.owner.id, this.deps.owner.leaseMs, {
        previousOwner: row.owner_id,
        onlyIfExpired: false,
      }));
    if (claimed) await this.endAbandoned(row, 'repeated_crash');
  }

  private async endAbandoned(row: VideoRow, code: RenderFailureCode): Promise<void> {
    await this.fail(row, code);
    await this.deps.uploads.remove(row.id);
    await this.deps.removeScratchDir(row.id);
  }

  /**
   * Scale mode's recovery: the queue retries jobs of dead workers itself, so this only puts
   * back jobs Redis lost or never got (an outage right after the record was written) and ends
   * those the queue gave up. Nothing here deletes uploads: workers share the folder.
   */
  async recoverQueued(
    requeue: (videoId: string) => Promise<'queued' | 'in-queue' | 'given-up'>,
  ): Promise<RecoveryResult> {
    let requeued = 0;
    let failed = 0;
    for (const row of await this.deps.videos.listStranded(this.deps.owner.id)) {
      const outcome = await requeue(row.id);
      if (outcome === 'queued') {
        requeued += 1;
      } else if (outcome === 'given-up') {
        await this.giveUp(row.id);
        failed += 1;
      }
    }
    // Other processes share the uploads at scale: only those over an hour old are swept.
    await this.removeLeftoverUploads({ atStart: false });
    await this.removeUploadsOfEndedVideos();
    await this.removeLeftoverScratchDirs();
    const settled = await this.deps.credits.settleAbandoned();
    return { requeued, failed, settled: settled.committed + settled.refunded };
  }

  /**
   * Takes over the jobs of processes that are gone, so no record stays "processing" forever
   * and no credit stays reserved. A job whose upload is in this machine's own folder was left
   * by this folder's previous process, dead because this one holds the folder's lock: it is
   * taken at once and re-run. Any other job is touched only once its lease has run out (its
   * owner stopped renewing it): it is re-run when its upload is in storage every server
   * reaches, else failed and refunded, as its photo is on another machine or gone. Each
   * takeover is one conditional UPDATE, so of two recovering servers only one takes a job.
   * Uploads that outlived their job (`listLeftovers`) are deleted.
   */
  async recover(
    enqueue: (videoId: string) => void,
    options: { atStart: boolean } = { atStart: true },
  ): Promise<RecoveryResult> {
    const { owner, uploads } = this.deps;
    let requeued = 0;
    let failed = 0;
    const taken = new Set<string>();
    for (const row of await this.deps.videos.listProcessingNotOwnedBy(owner.id)) {
      const inOwnFolder = uploads.reach === 'this-machine' && (await uploads.exists(row.id));
      const claimed = await this.deps.videos.claim(row.id, owner.id, owner.leaseMs, {
        previousOwner: row.owner_id,
        onlyIfExpired: !inOwnFolder,
      });
      if (!claimed) continue;
      taken.add(row.id);
      const available =
        inOwnFolder || (uploads.reach === 'every-server' && (await uploads.exists(row.id)));
      if (available && row.attempts >= MAX_RENDER_ATTEMPTS) {
        // Each attempt ended with the process dying mid-render: running it again would take
        // the server down at every start, so it ends here with its credit refunded.
        await this.fail(row, 'repeated_crash');
        await uploads.remove(row.id);
        failed += 1;
      } else if (available) {
        enqueue(row.id);
        requeued += 1;
      } else {
        await this.fail(row, 'photo_unavailable');
        failed += 1;
      }
    }
    await this.removeLeftoverUploads(options, taken);
    const settled = await this.deps.credits.settleAbandoned();
    return { requeued, failed, settled: settled.committed + settled.refunded };
  }

  /**
   * Embedded mode's sweep: this process's own jobs that no run holds any more. A run whose
   * video's end the database refused (its write and the credit's settlement are one
   * transaction) leaves the record processing, and this process keeps renewing its lease, so
   * no other recovery would take it before a restart. Each ends failed and refunded here once
   * the database takes the write. A record changed within `untouchedMs` is left alone: a new
   * job is written a moment before it is queued.
   */
  async endStoppedRuns(
    isHeld: (videoId: string) => boolean,
    untouchedMs = STOPPED_RUN_MIN_AGE_MS,
  ): Promise<number> {
    let ended = 0;
    for (const row of await this.deps.videos.listProcessingOwnedBy(
      this.deps.owner.id,
      untouchedMs,
    )) {
      if (isHeld(row.id)) continue;
      await this.endAbandoned(row, 'render_failed');
      ended += 1;
    }
    return ended;
  }

  /** Deletes uploads that outlived their job; a video still processing keeps its upload. */
  private async removeLeftoverUploads(
    options: { atStart: boolean },
    taken: ReadonlySet<string> = new Set(),
  ): Promise<void> {
    for (const leftover of await this.deps.uploads.listLeftovers(options)) {
      if (taken.has(leftover)) continue;
      // A video still processing keeps its upload however long it waits for its turn.
      const row = await this.deps.videos.findById(leftover);
      if (row?.status !== 'processing') await this.deps.uploads.remove(leftover);
    }
  }

  /**
   * A worker killed after its video's record ended (completed or failed) but before it
   * deleted the upload leaves the patient's photo in shared storage. A record never goes back
   * to processing, so that upload goes now; one with no record yet (an upload is stored just
   * before its record is written) waits for the hourly sweep.
   */
  private async removeUploadsOfEndedVideos(): Promise<void> {
    for (const videoId of await this.deps.uploads.listStored()) {
      const row = await this.deps.videos.findById(videoId);
      if (row && row.status !== 'processing') await this.deps.uploads.remove(videoId);
    }
  }

  /**
   * A worker killed mid-render leaves its attempt's scratch folder (the photo fetched from
   * the bucket, frames, a partial MP4) on its machine: the process that finished the job
   * elsewhere cleared only its own. Once the video has ended, nobody will write there again.
   */
  private async removeLeftoverScratchDirs(): Promise<void> {
    for (const videoId of await this.deps.listScratchDirs()) {
      const row = await this.deps.videos.findById(videoId);
      if (row?.status !== 'processing') await this.deps.removeScratchDir(videoId);
    }
  }

  /** Keeps the finished files; a failure here is the storage's, not the render's. */
  private async store(files: [key: string, filePath: string][]): Promise<void> {
    try {
      for (const [key, filePath] of files) await this.deps.storage.putFile(key, filePath);
    } catch (error) {
      throw new VideoStorageFailure(error);
    }
  }

  private async render(row: VideoRow, reached: { stage: number }) {
    const stored = (
      typeof row.options === 'string' ? JSON.parse(row.options) : row.options
    ) as StoredOptions;
    const { branding, hasLogo, hasAfterImage, consentId, ...options } = stored;
    if (!row.input_path) throw new UploadMissing();
    const outputDir = await this.deps.scratchDir(row.id);
    let lastPublished = -1;
    const request: RenderRequest = {
      inputPath: await this.uploadedPart(row.id, 'image', outputDir),
      afterInputPath: hasAfterImage ? await this.uploadedPart(row.id, 'after', outputDir) : null,
      logoPath: hasLogo ? await this.uploadedPart(row.id, 'logo', outputDir) : null,
      outputDir,
      width: row.width,
      height: row.height,
      options,
      branding,
      consentId: consentId ?? null,
    };
    const onProgress = (progress: RenderProgress) => {
      reached.stage = progress.stage;
      if (progress.stage >= 3) (this.deps.freeze ?? NO_FREEZE).reached('mid-render');
      // Frames arrive 30 per second of video; one update per percent is plenty.
      if (progress.percent === lastPublished) return;
      lastPublished = progress.percent;
      this.publishProgress(row.id, row.engine, progress.stage, progress.percent);
      void this.deps.videos
        .update(row.id, { stage: progress.stage, progress: progress.percent })
        .catch(() => undefined);
    };
    if (row.engine === 'builtin') return this.deps.renderer.render(request, onProgress);
    const generative = this.deps.generative;
    if (!generative) {
      // Accepted while the key was set; the server has been restarted without it since.
      throw new GenerationFailure('generation_failed', 'the generative engine is not configured');
    }
    const job = { videoId: row.id, isCanceled: () => this.deps.videos.isCancelRequested(row.id) };
    return generative.render(request, job, onProgress);
  }

  /** A local file of the job's upload (fetched into the scratch folder from object storage). */
  private async uploadedPart(videoId: string, part: UploadPart, scratchDir: string) {
    const found = await this.deps.uploads.localPathOf(videoId, part, scratchDir);
    if (!found) throw new UploadMissing();
    return found;
  }

  private async fail(
    row: VideoRow,
    code: RenderFailureCode,
    safetyCategory: SafetyCategory | null = null,
  ): Promise<void> {
    const message = renderFailureMessage(code, row.id, safetyCategory);
    const finished = await this.deps.credits.endAndSettle(
      row.reservation_id,
      'refunded',
      (locked) =>
        locked.finishVideo(row.id, this.deps.owner.id, {
          status: 'failed',
          error_code: code,
          error_message: message,
          safety_category: safetyCategory,
          input_path: null,
        }),
    );
    // Not finished here: another process ended the record (at scale, possibly completed it)
    // and told the pages itself.
    if (!finished) return;
    // Counted by the process that ended it, once, as the refund is.
    this.deps.metrics.renderFailed(code);
    this.deps.progress.publish(row.id, { type: 'failed', errorCode: code, errorMessage: message });
    await this.announceFinished(row.id);
    // A run that stored its files and then could not record them (the database refused the
    // final write, or the process died right after storing) left the patient's video and
    // poster under this failed record's keys, where nothing may ever serve them.
    await this.removeOutputs(row);
  }

  /**
   * Deletes a job's finished video and poster, which no record points at. A storage that
   * cannot delete them now does not undo how the job ended.
   */
  private async removeOutputs(row: VideoRow): Promise<void> {
    const { videoKey, thumbnailKey } = outputKeys(row);
    try {
      await this.deps.storage.delete(videoKey);
      await this.deps.storage.delete(thumbnailKey);
    } catch (error) {
      this.deps.log.error(
        { videoId: row.id, err: error },
        'files of an unrecorded video not deleted',
      );
    }
  }

  private publishProgress(videoId: string, engine: EngineId, stage: number, percent: number): void {
    // DESIGN.md D7: the generative engine reports the SPEC's stage names.
    const names = engine === 'builtin' ? STAGE_NAMES : GENERATIVE_STAGE_NAMES;
    this.deps.progress.publish(videoId, {
      type: 'progress',
      stage,
      stageName: names[stage - 1] ?? names[0],
      progress: percent,
    });
  }
}

/** Where a job's finished video and poster are stored: the same keys on every attempt. */
function outputKeys(row: Pick<VideoRow, 'id' | 'user_id'>) {
  return {
    videoKey: `${row.user_id}/${row.id}.mp4`,
    thumbnailKey: `${row.user_id}/${row.id}.jpg`,
  };
}

/** The code of a failed job: the provider's own outcome for a generative one, else the stage's. */
function failureCodeOf(error: unknown, engine: EngineId, stage: number): RenderFailureCode {
  if (error instanceof GenerationFailure) return error.code;
  // A generative job's stages 2 and 3 are the provider's: no faces are analysed, no frames painted.
  if (engine !== 'builtin' && (stage === 2 || stage === 3)) return 'generation_failed';
  return renderFailureCodeOf(error, stage);
}

function mergeStoredWarnings(stored: unknown, fresh: VideoWarning[]): VideoWarning[] {
  const existing = (
    typeof stored === 'string' ? JSON.parse(stored) : (stored ?? [])
  ) as VideoWarning[];
  return mergeWarnings(existing, fresh);
}
