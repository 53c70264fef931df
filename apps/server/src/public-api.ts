import { createHmac } from 'node:crypto';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import type { Config } from './config.ts';
import { ApiKeysRepository } from './db/api-keys.repository.ts';
import { IdempotencyRepository } from './db/idempotency.repository.ts';
import { VideosRepository } from './db/videos.repository.ts';
import { WebhooksRepository } from './db/webhooks.repository.ts';
import { AppError } from './errors.ts';
import type { Runtime } from './runtime.ts';
import { ApiKeysService } from './services/api-keys.service.ts';
import { ApiVideosService } from './services/api-videos.service.ts';
import { UrlSigner } from './services/url-signer.ts';
import { RenderTimeEstimate } from './services/render-time-estimate.ts';
import { WebhooksService } from './services/webhooks.service.ts';
import { openWebhookAttemptQueue } from './webhooks/webhook-attempt-queue.ts';
import type { VideoPipeline } from './video-pipeline.ts';
import {
  NodeWebhookSender,
  WebhookTargetError,
  assertWebhookTarget,
  type WebhookSender,
} from './webhooks/webhook-sender.ts';

/** How often pending webhook retries are looked for. */
const WEBHOOK_POLL_MS = 5_000;

export interface PublicApi {
  apiKeys: ApiKeysService;
  apiVideos: ApiVideosService;
  webhooks: WebhooksService;
  signer: UrlSigner;
  close: () => Promise<void>;
}

export interface PublicApiAdapters {
  log: {
    info?: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
  /** Tests replace the sender and the retry schedule. */
  sender?: WebhookSender;
  retryDelaysMs?: readonly number[];
  /** Scale mode: whether this process sends webhook attempts from the queue (default true). */
  worksJobs?: boolean;
}

/** Wires API v1: keys, idempotent generate, signed links and webhooks (rate limits: app.ts). */
export function openPublicApi(
  config: Config,
  runtime: Runtime,
  pipeline: VideoPipeline,
  adapters: PublicApiAdapters,
): PublicApi {
  const db = runtime.database.db;
  // A key of its own for links, derived from the session secret every server shares.
  const signingKey = createHmac('sha256', resolveAuthSecret(config.authSecret, config.dataDir))
    .update('glowreel signed file links')
    .digest('hex');
  const signer = new UrlSigner(signingKey, config.publicApi.signedUrlTtlSeconds);
  const allowLoopback = config.publicApi.webhookAllowLoopback;
  const attemptQueue = openWebhookAttemptQueue(config, {
    worksJobs: adapters.worksJobs ?? true,
    deliverAttempt: (deliveryId, attempt) => webhooks.deliverAttempt(deliveryId, attempt),
    log: adapters.log,
  });
  const webhooks = new WebhooksService({
    webhooks: new WebhooksRepository(db),
    sender:
      adapters.sender ??
      new NodeWebhookSender({ allowLoopback, timeoutMs: config.publicApi.webhookTimeoutMs }),
    consents: pipeline.consents,
    signer,
    publicUrl: config.publicUrl,
    retryDelaysMs: adapters.retryDelaysMs,
    metrics: runtime.metrics,
    attemptQueue: attemptQueue ?? undefined,
    log: adapters.log,
  });
  const videoRows = new VideosRepository(db);
  const apiVideos = new ApiVideosService({
    videos: pipeline.videos,
    brand: pipeline.brand,
    repository: videoRows,
    estimate: new RenderTimeEstimate({
      videos: videoRows,
      ownerId: pipeline.owner.id,
      concurrency: config.render.concurrency,
    }),
    consents: pipeline.consents,
    idempotency: new IdempotencyRepository(db),
    signer,
    publicUrl: config.publicUrl,
    checkWebhookUrl: async (url) => {
      try {
        await assertWebhookTarget(url, allowLoopback);
      } catch (error) {
        if (error instanceof WebhookTargetError) {
          throw new AppError('invalid_webhook_url', error.message, { field: 'webhook_url' });
        }
        throw error;
      }
    },
  });
  pipeline.renderJobs.onVideoFinished((row) => webhooks.videoFinished(row));
  pipeline.consent.onRevoked(async (consent) => {
    const row = await videoRows.findById(consent.video_id);
    if (row) await webhooks.consentRevoked(row, consent);
  });
  webhooks.start(WEBHOOK_POLL_MS);
  return {
    apiKeys: new ApiKeysService(new ApiKeysRepository(db), runtime.audit),
    apiVideos,
    webhooks,
    signer,
    close: async () => {
      await webhooks.stop();
      await attemptQueue?.close();
    },
  };
}
