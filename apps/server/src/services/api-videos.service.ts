import {
  isWellFormedId,
  type ApiVideo,
  type EngineId,
  type VideoOptions,
  type Aspect,
  type Typeface,
  type Template,
} from '@glowreel/contracts';
import type { AuditActor } from '../audit/audit-trail.ts';
import type { ConsentRecordsRepository } from '../db/consent-records.repository.ts';
import type { IdempotencyRepository } from '../db/idempotency.repository.ts';
import type { VideosRepository } from '../db/videos.repository.ts';
import { AppError } from '../errors.ts';
import { toApiVideo } from './api-video-view.ts';
import type { BrandService } from './brand.service.ts';
import type { RenderTimeEstimate } from './render-time-estimate.ts';
import { consentWithdrawal, type ConsentAttestation } from './consent-records.ts';
import type { UrlSigner } from './url-signer.ts';
import type { VideosService } from './videos.service.ts';

/** How long an Idempotency-Key answers with its first response (Stripe's window). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A first request still unanswered after this long died with its process. */
const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

export interface ApiGenerateInput {
  /** The composite, or the before photo when `afterImage` is given. */
  image: Uint8Array;
  afterImage: Uint8Array | null;
  options: Omit<VideoOptions, 'aspect' | 'autoAlign' | 'template'>;
  aspect: Aspect;
  /** Null: the format's default. */
  template: Template | null;
  /** Null: the built-in engine (issue #20). */
  engine: EngineId | null;
  autoAlign: boolean;
  title: string | null;
  webhookUrl: string | null;
  /** The `consent` object's details, with where the request came from (issue #18 §1). */
  consent: ConsentAttestation;
  /** The API key making the request, for the audit log. */
  actor: AuditActor;
  /** What the request says about the brand; null = the saved brand kit's. */
  branding: {
    clinicName: string | null;
    contact: string | null;
    accentColor: string | null;
    typeface: Typeface | null;
    logo: Uint8Array | null;
  };
}

export interface ApiGenerateAccepted {
  id: string;
  status: 'processing';
  created_at: string;
  estimated_completion: string;
  warnings: { code: string; message: string }[];
}

/** An answer to send: the status and body, and whether it repeats an earlier one. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  isReplay: boolean;
}

export interface ApiVideosDependencies {
  videos: VideosService;
  /** The saved brand kit, applied where a request leaves the brand out (issue #16 §5). */
  brand: Pick<BrandService, 'forRender'>;
  repository: VideosRepository;
  consents: ConsentRecordsRepository;
  idempotency: IdempotencyRepository;
  signer: UrlSigner;
  publicUrl: string;
  /** Refuses webhook URLs that are not public https addresses. */
  checkWebhookUrl: (url: string) => Promise<void>;
  /** estimated_completion, from the queue ahead and the recent render times. */
  estimate: Pick<RenderTimeEstimate, 'completionOf'>;
  now?: () => Date;
}

/**
 * The API key's caller: the clinic the key belongs to, which owns what the key makes and reads
 * (issue #21), and the member who made the key.
 */
export interface ApiCaller {
  userId: string;
  clinicId: string;
}

/** The public API's video rules on top of the videos service the web app uses. */
export class ApiVideosService {
  constructor(private readonly deps: ApiVideosDependencies) {}

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  /**
   * Starts a render, at most once per Idempotency-Key: the same key with the same request
   * within 24 h answers as the first time without spending a second credit; with a different
   * request it is a 409.
   */
  async generate(
    caller: ApiCaller,
    input: ApiGenerateInput,
    idempotency: { key: string; requestHash: string } | null,
  ): Promise<ApiAnswer> {
    if (!idempotency)
      return { status: 202, body: await this.start(caller, input), isReplay: false };
    const now = this.now().getTime();
    const { clinicId } = caller;
    // Keys are the clinic's: two keys of one clinic sending the same key are one request.
    const claim = await this.deps.idempotency.claim(
      caller,
      idempotency.key,
      idempotency.requestHash,
      {
        expiredBefore: new Date(now - IDEMPOTENCY_WINDOW_MS),
        abandonedBefore: new Date(now - ABANDONED_CLAIM_MS),
      },
    );
    if (!claim.claimed) {
      const { existing } = claim;
      if (existing.request_hash !== idempotency.requestHash) {
        throw new AppError(
          'idempotency_conflict',
          'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
        );
      }
      if (existing.response_status === null) {
        throw new AppError(
          'idempotency_conflict',
          'A request with this Idempotency-Key is still being processed. Retry in a few seconds.',
        );
      }
      const body =
        typeof existing.response_body === 'string'
          ? (JSON.parse(existing.response_body) as unknown)
          : existing.response_body;
      return { status: existing.response_status, body, isReplay: true };
    }
    try {
      const body = await this.start(caller, input);
      await this.deps.idempotency.complete(clinicId, idempotency.key, 202, body);
      return { status: 202, body, isReplay: false };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        // A refusal is an answer too: the same request gets the same refusal.
        const body = {
          error: { code: error.code, message: error.message, details: error.details },
        };
        await this.deps.idempotency.complete(clinicId, idempotency.key, error.status, body);
      } else {
        await this.deps.idempotency.release(clinicId, idempotency.key);
      }
      throw error;
    }
  }

  /** A video of the key's clinic, whoever made it; another clinic's is not found. */
  async get(clinicId: string, videoId: string): Promise<ApiVideo> {
    const row = await this.findVideo(videoId);
    if (!row || row.clinic_id !== clinicId) {
      throw new AppError('not_found', 'No video with this id.');
    }
    return this.view(row, await this.deps.consents.findForVideo(row.id));
  }

  /** The key's clinic's videos, every member's, made in the web app or by any of its keys. */
  async list(
    clinicId: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ data: ApiVideo[]; has_more: boolean; next_cursor: string | null }> {
    const afterId = page.cursor ? await this.cursorVideoId(clinicId, page.cursor) : null;
    const rows = await this.deps.repository.listPageForClinic(clinicId, afterId, page.limit + 1);
    const pageRows = rows.slice(0, page.limit);
    const hasMore = rows.length > page.limit;
    const last = pageRows.at(-1);
    const consents = await this.deps.consents.findForVideos(pageRows.map((row) => row.id));
    return {
      data: pageRows.map((row) => this.view(row, consents.get(row.id))),
      has_more: hasMore,
      next_cursor: hasMore && last ? Buffer.from(last.id).toString('base64url') : null,
    };
  }

  /**
   * The owner's stored file of a video whose signed link checked out; a download by
   * `downloader` (null: not a new download) goes in the owner's audit log.
   */
  async fileKey(
    videoId: string,
    file: 'download' | 'thumbnail',
    downloader: AuditActor | null,
  ): Promise<{ key: string; title: string }> {
    const row = await this.findVideo(videoId);
    const key = file === 'download' ? row?.video_key : row?.thumbnail_key;
    if (!row || row.status !== 'completed' || !key) {
      throw new AppError('not_found', 'No finished video with this id.');
    }
    // A signed link stops working the moment the consent is revoked or ends (issue #18 §1).
    const withdrawal = consentWithdrawal(await this.deps.consents.findForVideo(row.id), this.now());
    if (withdrawal) throw new AppError(withdrawal.code, withdrawal.message);
    if (file === 'download' && downloader) await this.deps.videos.recordDownload(row, downloader);
    return { key, title: row.title };
  }

  private async start(caller: ApiCaller, input: ApiGenerateInput): Promise<ApiGenerateAccepted> {
    if (input.webhookUrl) await this.deps.checkWebhookUrl(input.webhookUrl);
    const requested = input.branding;
    // The brand of the clinic the video will belong to: the key's.
    const saved = await this.deps.brand.forRender(caller.clinicId, {
      withLogo: requested.logo === null,
    });
    const record = await this.deps.videos.createVideo({
      userId: caller.userId,
      clinicId: caller.clinicId,
      image: input.image,
      afterImage: input.afterImage,
      logo: requested.logo ?? saved.logo,
      options: {
        ...input.options,
        aspect: input.aspect,
        autoAlign: input.autoAlign,
        ...(input.template ? { template: input.template } : {}),
      },
      ...(input.engine ? { engine: input.engine } : {}),
      title: input.title,
      consent: input.consent,
      actor: input.actor,
      branding: {
        clinicName: requested.clinicName ?? saved.kit.clinicName,
        contact: requested.contact ?? saved.kit.contact,
        treatmentTitle: null,
        disclosure: null,
        accentColor: requested.accentColor ?? saved.kit.accentColor,
        typeface: requested.typeface ?? saved.kit.typeface,
      },
      webhookUrl: input.webhookUrl,
    });
    const createdAt = new Date(record.createdAt);
    const readyAt = await this.deps.estimate.completionOf({
      width: record.width,
      height: record.height,
      acceptedAt: createdAt,
      engine: record.engine,
    });
    return {
      id: record.id,
      status: 'processing',
      created_at: createdAt.toISOString(),
      estimated_completion: readyAt.toISOString(),
      warnings: record.warnings,
    };
  }

  private async cursorVideoId(clinicId: string, cursor: string): Promise<string> {
    const row = await this.findVideo(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!row || row.clinic_id !== clinicId) {
      throw new AppError(
        'invalid_cursor',
        'The cursor is not one this API returned. Start again without a cursor.',
      );
    }
    return row.id;
  }

  /** A malformed id (a NUL would even break the query) is answered as a missing video. */
  private async findVideo(videoId: string) {
    return isWellFormedId(videoId) ? this.deps.repository.findById(videoId) : undefined;
  }

  private view(
    row: Parameters<typeof toApiVideo>[0],
    consent: Parameters<typeof toApiVideo>[1],
  ): ApiVideo {
    return toApiVideo(row, consent, {
      signer: this.deps.signer,
      publicUrl: this.deps.publicUrl,
      now: this.now(),
    });
  }
}
