import { noteActingClinic } from '../audit/audit-scope.ts';
import {
  FREE_PLAN_API_REQUESTS_PER_MINUTE,
  apiVideoListQuerySchema,
  consentRevokeRequestSchema,
  findPlan,
} from '@glowreel/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyActor, signedLinkActor, startsADownload } from '../audit/request-actor.ts';
import { AppError } from '../errors.ts';
import type { ApiKeysService } from '../services/api-keys.service.ts';
import type { ApiCaller, ApiVideosService } from '../services/api-videos.service.ts';
import type { ProfilesService } from '../services/profiles.service.ts';
import type { UrlSigner } from '../services/url-signer.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import type { ConsentService } from '../services/consent.service.ts';
import { parseJsonObjectBody } from './parse-body.ts';
import { consentFromApi } from './consent-input.ts';
import { parseGenerateRequest } from './public-api-input.ts';
import { streamStoredFile } from './range.ts';
import type { VideoDeletionService } from '../data-rights/video-deletion.service.ts';

export interface PublicApiRoutesOptions {
  apiKeys: ApiKeysService;
  apiVideos: ApiVideosService;
  consent: ConsentService;
  profiles: ProfilesService;
  signer: UrlSigner;
  storage: VideoStorage;
  publicUrl: string;
  /** DELETE /api/v1/videos/{id}; absent where data rights are not wired. */
  videoDeletion?: VideoDeletionService | undefined;
}

/** Two base64 photos of 10 MB each grow to about 27 MB of JSON. */
const GENERATE_JSON_BODY_LIMIT = 32 * 1024 * 1024;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Plans state their API limits per minute; no 60 s span lets more through. */
const API_RATE_WINDOW_MS = 60_000;

/** API v1 (DESIGN.md D11): API-key authentication and per-plan rate limits on every call. */
export function registerPublicApiRoutes(
  app: FastifyInstance,
  options: PublicApiRoutesOptions,
): void {
  const { apiKeys, apiVideos, profiles, signer, storage } = options;
  // The key's clinic and its plan's limit, known once the key is checked, for the limiter below.
  const accounts = new WeakMap<
    FastifyRequest,
    { userId: string; clinicId: string; apiKeyId: string; limit: number }
  >();
  const accountOf = (request: FastifyRequest) => {
    const account = accounts.get(request);
    if (!account) throw new Error('the API rate limit was asked before authentication');
    return account;
  };
  // The app's one limiter (app.ts), counting per clinic (all its keys) rather than per address.
  const checkRateLimit = app.createRateLimit({
    timeWindow: API_RATE_WINDOW_MS,
    keyGenerator: (request) => `api-clinic:${accountOf(request).clinicId}`,
    max: (request) => accountOf(request).limit,
  });
  /** The authorized key as the audit log's actor (after authorize). */
  const keyActor = (request: FastifyRequest) => apiKeyActor(request, accountOf(request));
  const openApiDocument = JSON.stringify(buildOpenApiDocument(options.publicUrl));

  app.get('/api/v1/openapi.json', (_request, reply) =>
    reply
      .type('application/json')
      .header('cache-control', 'public, max-age=300')
      .send(openApiDocument),
  );

  // Signed links carry their own authority: no API key, no rate limit (like presigned URLs).
  const sendSigned = async (
    request: FastifyRequest<{
      Params: { id: string };
      Querystring: { expires?: string; signature?: string };
    }>,
    reply: FastifyReply,
    file: 'download' | 'thumbnail',
  ) => {
    const path = `/api/v1/videos/${request.params.id}/${file}`;
    if (!signer.isValid(path, request.query.expires, request.query.signature, new Date())) {
      throw new AppError(
        'forbidden',
        'This link is invalid or has expired. Fetch the video again for a fresh download_url.',
      );
    }
    const downloader = startsADownload(request) ? signedLinkActor(request) : null;
    const stored = await apiVideos.fileKey(request.params.id, file, downloader);
    return streamStoredFile(request, reply, storage, stored.key, {
      contentType: file === 'download' ? 'video/mp4' : 'image/jpeg',
      downloadName: file === 'download' ? `${stored.title}.mp4` : null,
    });
  };
  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    '/api/v1/videos/:id/download',
    (request, reply) => sendSigned(request, reply, 'download'),
  );
  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    '/api/v1/videos/:id/thumbnail',
    (request, reply) => sendSigned(request, reply, 'thumbnail'),
  );

  /**
   * The key's caller, after counting the request against its plan's limit: the key acts as its
   * clinic (issue #21), its maker is the member recorded.
   */
  const authorize = async (request: FastifyRequest, reply: FastifyReply): Promise<ApiCaller> => {
    const { userId, clinicId, apiKeyId } = await apiKeys.authenticateKey(
      request.headers.authorization,
    );
    // What the request records in the audit log goes in the log of the key's clinic.
    noteActingClinic(clinicId);
    const profile = await profiles.getProfile(userId, clinicId);
    const limit =
      findPlan(profile.subscription.plan)?.apiRequestsPerMinute ??
      FREE_PLAN_API_REQUESTS_PER_MINUTE;
    accounts.set(request, { userId, clinicId, apiKeyId, limit });
    const state = await checkRateLimit(request);
    if (state.isAllowed) return { userId, clinicId };
    reply.header('x-ratelimit-limit', state.max);
    reply.header('x-ratelimit-remaining', state.remaining);
    // When the oldest counted request leaves the window and one more is allowed.
    reply.header('x-ratelimit-reset', Math.ceil(Date.now() / 1000) + state.ttlInSeconds);
    if (state.isExceeded) {
      const retryAfter = Math.max(1, state.ttlInSeconds);
      reply.header('retry-after', retryAfter);
      throw new AppError(
        'rate_limited',
        `Your plan allows ${state.max} API requests per minute. Retry in ${retryAfter} seconds.`,
        { limit: state.max, reset: Math.ceil(Date.now() / 1000) + retryAfter },
      );
    }
    return { userId, clinicId };
  };

  app.post('/api/v1/generate', { bodyLimit: GENERATE_JSON_BODY_LIMIT }, async (request, reply) => {
    const caller = await authorize(request, reply);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new AppError(
        'invalid_request',
        'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID works well).',
      );
    }
    const parsed = await parseGenerateRequest(request);
    const consent = consentFromApi(parsed.consent, request, new Date());
    const answer = await apiVideos.generate(
      caller,
      { ...parsed.input, consent, actor: keyActor(request) },
      idempotencyKey ? { key: idempotencyKey, requestHash: parsed.requestHash } : null,
    );
    if (answer.isReplay) reply.header('idempotent-replayed', 'true');
    return reply.status(answer.status).send(answer.body);
  });

  app.get('/api/v1/videos', async (request, reply) => {
    const { clinicId } = await authorize(request, reply);
    const query = apiVideoListQuerySchema.safeParse(request.query);
    if (!query.success) {
      const issue = query.error.issues[0];
      throw new AppError(
        'invalid_request',
        `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'not accepted'}.`,
      );
    }
    return apiVideos.list(clinicId, query.data);
  });

  app.get<{ Params: { id: string } }>('/api/v1/videos/:id', async (request, reply) => {
    const { clinicId } = await authorize(request, reply);
    return apiVideos.get(clinicId, request.params.id);
  });

  const { videoDeletion } = options;
  if (videoDeletion) {
    app.delete<{ Params: { id: string } }>('/api/v1/videos/:id', async (request, reply) => {
      const member = await authorize(request, reply);
      await videoDeletion.deleteClinicVideo(member, request.params.id, keyActor(request));
      return reply.status(204).send();
    });
  }

  app.post<{ Params: { id: string } }>(
    '/api/v1/videos/:id/consent/revoke',
    async (request, reply) => {
      const { userId, clinicId } = await authorize(request, reply);
      const { reason } = parseJsonObjectBody(consentRevokeRequestSchema, request.body);
      await options.consent.revokeForClinic(
        { userId, clinicId },
        request.params.id,
        reason,
        keyActor(request),
      );
      return apiVideos.get(clinicId, request.params.id);
    },
  );
}
