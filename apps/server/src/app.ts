import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Auth } from './auth/auth.ts';
import type { BusinessServices } from './billing/open-billing.ts';
import type { AuditLog } from './audit/audit-log.ts';
import { registerAuditLogRoutes } from './audit/audit-log.routes.ts';
import { registerAuditScope } from './audit/audit-scope.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { registerAccountEmailRoutes } from './accounts/account-email.routes.ts';
import { registerAccountSessionsRoutes } from './http/account-sessions.routes.ts';
import { registerAuthRoutes } from './http/auth.routes.ts';
import { registerSignInProvidersRoutes } from './http/sign-in-providers.routes.ts';
import { registerBillingRoutes } from './http/billing.routes.ts';
import { registerBrandRoutes } from './http/brand.routes.ts';
import { registerClinicsRoutes } from './http/clinics.routes.ts';
import type { ClinicMembersService } from './clinics/clinic-members.service.ts';
import { registerEnginesRoutes } from './http/engines.routes.ts';
import { registerDemoRequestRoutes } from './http/demo-requests.routes.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerFeedbackRoutes } from './http/feedback.routes.ts';
import { registerHealthRoutes } from './http/health.routes.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerMeRoutes } from './http/me.routes.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerProfilePhotoRoutes } from './http/profile-photo.routes.ts';
import { registerRenderSettingsRoutes } from './http/render-settings.routes.ts';
import { registerSpaRoutes } from './http/spa.routes.ts';
import { registerStripeWebhookRoutes } from './http/stripe-webhook.routes.ts';
import { AccountSessionsService } from './services/account-sessions.service.ts';
import type { ProfilesService } from './services/profiles.service.ts';
import { registerVideosRoutes } from './http/videos.routes.ts';
import { registerApiKeysRoutes } from './http/api-keys.routes.ts';
import { registerPublicApiRoutes } from './http/public-api.routes.ts';
import type { PublicApi } from './public-api.ts';
import { RedisSlidingWindowLog } from './rate-limit/redis-sliding-window-log.ts';
import { MemorySlidingWindowLog, type SlidingWindowLog } from './rate-limit/sliding-window-log.ts';
import { slidingWindowStore } from './rate-limit/sliding-window-store.ts';
import type { VideoPipeline } from './video-pipeline.ts';
import type { DataRights } from './data-rights/open-data-rights.ts';
import { recordHttpRequests } from './metrics/http-request-metrics.ts';
import { registerMetricsRoutes } from './metrics/metrics.routes.ts';
import { PrometheusMetrics } from './metrics/prometheus-metrics.ts';
import { registerDataRightsRoutes } from './data-rights/data-rights.routes.ts';
import { directDownloadOrigin } from './storage/s3/direct-download-origin.ts';

/**
 * Powerful features the app never uses, switched off for it and anything it embeds. The API
 * key card copies with navigator.clipboard, so clipboard-write stays allowed for the app itself.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export interface AppDependencies {
  config: Config;
  auth: Auth;
  profiles: ProfilesService;
  /** The audit log every recorded action writes to and GET /api/audit-log reads. */
  audit: AuditLog;
  isDatabaseReady: () => Promise<boolean>;
  /** Clinic teams (issue #21); absent in processes that do not serve them. */
  clinicMembers?: ClinicMembersService;
  /** Absent in processes that only serve accounts (some tests). */
  videoPipeline?: VideoPipeline;
  /** API v1; needs the video pipeline. */
  publicApi?: PublicApi;
  /** Deleting videos and the account, exporting its data; needs the video pipeline. */
  dataRights?: DataRights;
  /** Billing, demo requests and feedback; absent in processes that only serve accounts. */
  business?: BusinessServices;
  /** The runtime's metrics (what services count); without them the app counts in its own. */
  metrics?: PrometheusMetrics;
  /** The process's logger; without one, requests are not logged. */
  logger?: FastifyBaseLogger | false;
  /** Tests pass their own log and clock; otherwise Redis (REDIS_URL) or this process's memory. */
  rateLimits?: { log: SlidingWindowLog; now: () => number };
}

/** One rate limiter for every limited route: @fastify/rate-limit over a sliding-window log. */
async function registerRateLimits(app: FastifyInstance, deps: AppDependencies): Promise<void> {
  const redisUrl = deps.config.publicApi.redisUrl;
  const owned = deps.rateLimits
    ? null
    : redisUrl
      ? new RedisSlidingWindowLog(redisUrl)
      : new MemorySlidingWindowLog();
  if (owned) app.addHook('onClose', () => owned.close());
  // Date.now read at each call, not captured: tests move the clock through Date.
  const { log, now } = deps.rateLimits ?? {
    log: owned as SlidingWindowLog,
    now: () => Date.now(),
  };
  await app.register(fastifyRateLimit, {
    global: false,
    store: slidingWindowStore(log, now),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => crypto.randomUUID(),
  });
  registerAuditScope(app);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Answers about an account (or carrying signed links) must not stay in a shared or
    // back-button cache; the few public ones (stats, OpenAPI) set their own cache-control.
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  const metrics = deps.metrics ?? new PrometheusMetrics();
  recordHttpRequests(app, metrics);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerOriginCheck(app, config.publicUrl);
  // With S3_PUBLIC_DOWNLOADS=presigned, videos and posters arrive from the bucket's origin.
  const bucketOrigin = await directDownloadOrigin(config.storage);
  const storageSources = bucketOrigin ? [bucketOrigin] : [];
  await app.register(fastifyHelmet, {
    // The SPA loads only its own scripts and styles; media and images may be blobs or data URLs.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageSources],
        mediaSrc: ["'self'", 'blob:', ...storageSources],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The live preview's face detection compiles tfjs's WebAssembly (self-served); this
        // allows compiling wasm only, not eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });
  await registerRateLimits(app, deps);

  registerHealthRoutes(app, deps.isDatabaseReady);
  if (config.metrics.token) registerMetricsRoutes(app, { metrics, token: config.metrics.token });
  registerAuthRoutes(app, {
    auth: deps.auth,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    mailPerAddressPerHour: config.accounts.mailPerAddressPerHour,
  });
  registerAccountEmailRoutes(app, {
    auth: deps.auth,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  registerSignInProvidersRoutes(app, config.signInProviders);
  registerMeRoutes(app, deps.auth, deps.profiles);
  registerAccountSessionsRoutes(app, {
    auth: deps.auth,
    sessions: new AccountSessionsService(deps.auth, deps.audit),
  });
  registerAuditLogRoutes(app, { auth: deps.auth, audit: deps.audit });
  if (deps.clinicMembers)
    registerClinicsRoutes(app, { auth: deps.auth, members: deps.clinicMembers });
  registerRenderSettingsRoutes(app, { faceDetection: config.render.faceDetection });
  if (deps.videoPipeline) {
    await registerVideosRoutes(app, {
      auth: deps.auth,
      videos: deps.videoPipeline.videos,
      consents: deps.videoPipeline.consents,
      consent: deps.videoPipeline.consent,
      storage: deps.videoPipeline.storage,
      progress: deps.videoPipeline.progress,
    });
    registerBrandRoutes(app, { auth: deps.auth, brand: deps.videoPipeline.brand });
    registerEnginesRoutes(app, { auth: deps.auth, engines: deps.videoPipeline.engines });
    registerProfilePhotoRoutes(app, { auth: deps.auth, photos: deps.videoPipeline.profilePhotos });
  }
  if (deps.dataRights) registerDataRightsRoutes(app, { auth: deps.auth, ...deps.dataRights });
  if (deps.videoPipeline && deps.publicApi) {
    registerApiKeysRoutes(app, {
      auth: deps.auth,
      apiKeys: deps.publicApi.apiKeys,
      webhooks: deps.publicApi.webhooks,
    });
    registerPublicApiRoutes(app, {
      apiKeys: deps.publicApi.apiKeys,
      apiVideos: deps.publicApi.apiVideos,
      consent: deps.videoPipeline.consent,
      profiles: deps.profiles,
      signer: deps.publicApi.signer,
      storage: deps.videoPipeline.storage,
      publicUrl: config.publicUrl,
      videoDeletion: deps.dataRights?.videoDeletion,
    });
  }
  if (deps.business) {
    const { billing, demoBilling, demoRequests, feedback } = deps.business;
    registerBillingRoutes(app, { auth: deps.auth, billing, demo: demoBilling });
    await registerStripeWebhookRoutes(app, billing);
    await registerDemoRequestRoutes(app, { demoRequests, perHour: config.demoRequestsPerHour });
    registerFeedbackRoutes(app, { auth: deps.auth, feedback });
  }
  await registerSpaRoutes(app, config.webDistDir);
  return app;
}
