import {
  DEFAULT_ENGINE,
  ENGINE_LABELS,
  defaultTemplateFor,
  defaultVideoTitle,
  isWellFormedId,
  outputSizeFor,
  type EngineId,
  type Typeface,
  type VideoOptions,
} from '@glowreel/contracts';
import { checkTreatedArea } from '@glowreel/engine';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { ConsentRecordsRepository } from '../db/consent-records.repository.ts';
import type { VideoRow, VideosRepository } from '../db/videos.repository.ts';
import { AppError } from '../errors.ts';
import { NO_FREEZE, type FreezeProbe } from '../jobs/freeze-points.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ProgressBus } from '../jobs/progress-bus.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import type { CreditsService } from './credits.service.ts';
import type { JobOwner } from './render-jobs.service.ts';
import type { ProfilesService } from './profiles.service.ts';
import { consentToRecord, type ConsentAttestation } from './consent-records.ts';
import type { UploadFiles } from './upload-files.ts';
import { describeOptions } from './video-copy.ts';
import { toVideoRecord, type VideoRecord } from './video-record.ts';
import { mergeWarnings } from './video-warnings.ts';

export interface InspectedImage {
  width: number;
  height: number;
  warnings: { code: string; message: string }[];
}

/**
 * Validates an upload fully (type, size, pixels, animation, truncation, panels big enough)
 * before any credit moves. A 'composite' is cut into two panels; a 'photo' is one of a pair.
 */
export interface ImageInspector {
  inspect(bytes: Uint8Array, role: 'composite' | 'photo'): Promise<InspectedImage>;
  /**
   * The same checks for the clinic's logo, with the logo's smaller limits; answers the type
   * its bytes really are (the brand kit serves a saved logo back with it).
   */
  inspectLogo(bytes: Uint8Array): Promise<{ contentType: string }>;
  /**
   * The logo's checks and limits for a member's profile photo, refused with the codes and
   * messages a patient photo gets (invalid_image_format, image_too_large, animated_image…).
   */
  inspectProfilePhoto(bytes: Uint8Array): Promise<{ contentType: string }>;
}

export interface CreateVideoRequest {
  /** The member who makes it. */
  userId: string;
  /** The acting clinic that will own it (the session's, or the API key's). */
  clinicId: string;
  image: Uint8Array;
  /** The after photo, when `image` is the before photo of a pair (public API). */
  afterImage?: Uint8Array | null;
  /** The clinic's logo for the end card, if one was sent. */
  logo: Uint8Array | null;
  /** Where the public API reports the outcome (checked by the caller). */
  webhookUrl?: string | null;
  options: VideoOptions;
  /** Who makes the motion (issue #20); omitted: the built-in engine. */
  engine?: EngineId;
  title: string | null;
  /** What the clinic attested about the patient's consent (issue #18 §1). */
  consent: ConsentAttestation;
  /** Who asked for the video (a member or an API key), for the audit log. */
  actor: AuditActor;
  branding: {
    clinicName: string | null;
    contact: string | null;
    treatmentTitle: string | null;
    disclosure: string | null;
    /** The brand kit's accent (#rrggbb); null = the engine's own. */
    accentColor?: string | null;
    /** The brand kit's typeface; null = the engine's default. */
    typeface?: Typeface | null;
  };
}

export interface VideosServiceDependencies {
  videos: VideosRepository;
  consents: ConsentRecordsRepository;
  credits: CreditsService;
  profiles: ProfilesService;
  storage: VideoStorage;
  uploads: UploadFiles;
  inspector: ImageInspector;
  /** The engines a clinic may use and their price in credits. */
  engines: {
    priceFor(member: { userId: string; clinicId: string }, engine: EngineId): Promise<number>;
  };
  progress: ProgressBus;
  /** video.created and video.downloaded (issue #18 §4). */
  audit: AuditTrail;
  /** This process: it owns the jobs it creates. */
  owner: JobOwner;
  /** Crash tests only. */
  freeze?: FreezeProbe;
  now?: () => Date;
}

export const QUEUE_UNAVAILABLE_MESSAGE =
  'Videos cannot be started right now because the render queue does not answer. No credit was used; please try again in a few minutes.';

export class VideosService {
  private queue: JobQueue | undefined;

  constructor(private readonly deps: VideosServiceDependencies) {}

  /** The queue is created after the service (it calls back into it), so it is attached here. */
  attachQueue(queue: JobQueue): void {
    this.queue = queue;
  }

  async createVideo(request: CreateVideoRequest): Promise<VideoRecord> {
    // DESIGN.md D16, before any photo is read: an animation may never move the treated area.
    const refusal = checkTreatedArea(
      request.options.primaryAnimation,
      request.options.treatedArea ?? null,
    );
    if (refusal) throw new AppError(refusal.code, refusal.message);
    // Issue #20: an engine this server lacks, or the clinic has not accepted, is refused
    // before any photo is read or credit moves.
    const engine = request.engine ?? DEFAULT_ENGINE;
    const credits = await this.deps.engines.priceFor(
      { userId: request.userId, clinicId: request.clinicId },
      engine,
    );
    // Scale mode (issue #19 §1): with Redis away the job could not be queued; refusing here,
    // before any photo is kept or credit reserved, leaves nothing to undo.
    if (!(await this.requireQueue().isAcceptingJobs())) {
      throw new AppError('service_unavailable', QUEUE_UNAVAILABLE_MESSAGE);
    }
    const afterImage = request.afterImage ?? null;
    const inspected = await this.deps.inspector.inspect(
      request.image,
      afterImage ? 'photo' : 'composite',
    );
    const inspectedAfter = afterImage
      ? await this.deps.inspector.inspect(afterImage, 'photo')
      : null;
    if (request.logo) await this.deps.inspector.inspectLogo(request.logo);
    // Issue #21: the acting clinic pays (its balance, its plan's output size); the member is
    // named on the reservation and its ledger rows.
    const payer =
      request.clinicId === undefined
        ? request.userId
        : { userId: request.userId, clinicId: request.clinicId };
    const profile = await this.deps.profiles.getProfile(request.userId, request.clinicId);
    const videoId = crypto.randomUUID();
    const { consent, warning: consentWarning } = consentToRecord(request.consent, {
      consentId: crypto.randomUUID(),
      videoId,
      userId: request.userId,
      attestedByName: profile.displayName || profile.email,
    });
    const warnings = mergeWarnings(inspected.warnings, [
      ...(inspectedAfter?.warnings ?? []),
      ...(consentWarning ? [consentWarning] : []),
    ]);
    const size = outputSizeFor(profile.subscription.plan, request.options.aspect);
    // Resolved once here, so the record, the render and the provenance name the same one.
    const template = request.options.template ?? defaultTemplateFor(request.options.aspect);
    const options = { ...request.options, template };
    const freeze = this.deps.freeze ?? NO_FREEZE;
    freeze.reached('before-reserve');
    let committed = false;
    try {
      // The photo goes to disk first, so the transaction below is the one moment the job
      // comes into being: before its commit nothing but this temp file exists (removed
      // below, or by the next start if the process dies), after it the job is recoverable.
      const inputPath = await this.deps.uploads.write(videoId, request.image);
      if (afterImage) await this.deps.uploads.write(videoId, afterImage, 'after');
      if (request.logo) await this.deps.uploads.write(videoId, request.logo, 'logo');
      freeze.reached('after-temp-file');
      const now = (this.deps.now ?? (() => new Date()))();
      const created = await this.deps.credits.reserveFor(
        payer,
        async (reservation, locked) => {
          freeze.reached('after-reserve');
          const video = await locked.insertVideo({
            id: videoId,
            userId: request.userId,
            clinicId: request.clinicId,
            title: request.title?.trim() || defaultVideoTitle(now, request.branding.treatmentTitle),
            prompt:
              engine === DEFAULT_ENGINE
                ? describeOptions(options)
                : `${describeOptions(options)}; Engine: ${ENGINE_LABELS[engine]}`,
            template,
            engine,
            options: {
              ...options,
              branding: {
                clinicName:
                  request.branding.clinicName?.trim() || profile.displayName || 'Your Clinic',
                contact: request.branding.contact?.trim() || null,
                treatmentTitle: request.branding.treatmentTitle?.trim() || null,
                disclosure: request.branding.disclosure?.trim() || null,
                accentColor: request.branding.accentColor ?? null,
                typeface: request.branding.typeface ?? null,
              },
              hasLogo: request.logo !== null,
              hasAfterImage: afterImage !== null,
              // Written into the MP4's provenance: the record by reference, never its content.
              consentId: consent.id,
            },
            width: size.width,
            height: size.height,
            reservationId: reservation.reservationId,
            inputPath,
            webhookUrl: request.webhookUrl ?? null,
            warnings,
            ownerId: this.deps.owner.id,
            leaseMs: this.deps.owner.leaseMs,
          });
          const written = { video, consent: await locked.insertConsent(consent) };
          await this.deps.audit.record(
            {
              kind: 'video.created',
              accountId: request.userId,
              actor: request.actor,
              target: { type: 'video', id: videoId },
              details: {
                template,
                aspect: options.aspect ?? null,
                consentId: consent.id,
                engine,
              },
            },
            locked.transaction,
          );
          return written;
        },
        credits,
      );
      committed = true;
      freeze.reached('after-record');
      this.requireQueue().enqueue(videoId);
      return toVideoRecord({ ...created.video, warnings }, created.consent);
    } catch (error) {
      // Before the commit nothing was recorded and no credit moved: only the files go. After
      // it the job exists and keeps its photo, so the next start (or sweep) re-runs it.
      if (!committed) await this.deps.uploads.remove(videoId);
      throw error;
    }
  }

  /** The acting clinic's videos, whichever member made them. */
  async listVideos(clinicId: string): Promise<VideoRecord[]> {
    const rows = await this.deps.videos.listForClinic(clinicId);
    const consents = await this.deps.consents.findForVideos(rows.map((row) => row.id));
    return rows.map((row) => toVideoRecord(row, consents.get(row.id)));
  }

  /** Polled every few seconds by each open page: reads only what the record shows. */
  async getVideo(clinicId: string, videoId: string): Promise<VideoRecord> {
    const row = await clinicVideo(clinicId, videoId, (id) => this.deps.videos.findRecordById(id));
    return toVideoRecord(row, await this.deps.consents.findForVideo(row.id));
  }

  /**
   * Asks the job of a generative video still processing to stop; the job ends it failed and
   * refunded at its next poll (issue #20). A built-in render finishes in seconds: not cancelable.
   */
  async cancelVideo(clinicId: string, videoId: string): Promise<VideoRecord> {
    const row = await clinicVideo(clinicId, videoId, (id) => this.deps.videos.findById(id));
    if (row.engine !== 'veo') {
      throw new AppError(
        'conflict',
        'Only generative videos can be canceled; a built-in render finishes in seconds.',
      );
    }
    if (!(await this.deps.videos.requestCancel(videoId))) {
      throw new AppError(
        'conflict',
        `This video has already ${row.status === 'completed' ? 'completed' : 'ended'}.`,
      );
    }
    return this.getVideo(clinicId, videoId);
  }

  /** A finished video's MP4 left the building (web download or signed link). */
  async recordDownload(video: VideoRow, actor: AuditActor): Promise<void> {
    await this.deps.audit.record({
      kind: 'video.downloaded',
      accountId: video.user_id,
      actor,
      target: { type: 'video', id: video.id },
    });
  }

  /** A video of the acting clinic, or 404 (another clinic's is as missing as none). */
  requireClinicVideo(clinicId: string, videoId: string): Promise<VideoRow> {
    return clinicVideo(clinicId, videoId, (id) => this.deps.videos.findById(id));
  }

  private requireQueue(): JobQueue {
    if (!this.queue) throw new Error('the videos service has no queue attached');
    return this.queue;
  }
}

async function clinicVideo<T extends { clinic_id: string }>(
  clinicId: string,
  videoId: string,
  find: (id: string) => Promise<T | undefined>,
): Promise<T> {
  // A malformed id (a NUL would even break the query) is as missing as another clinic's video.
  const row = isWellFormedId(videoId) ? await find(videoId) : undefined;
  // Another clinic's video is indistinguishable from a missing one.
  if (!row || row.clinic_id !== clinicId) throw new AppError('not_found', 'No video with this id.');
  return row;
}
