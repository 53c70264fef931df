import {
  FREE_PLAN_API_REQUESTS_PER_MINUTE,
  PLANS,
  TEMPLATES,
  apiErrorSchema,
  apiGenerateAcceptedSchema,
  apiGenerateJsonSchema,
  apiGenerateMultipartFieldsSchema,
  apiVideoListSchema,
  apiVideoSchema,
  apiWebhookEventSchema,
  consentRevokeRequestSchema,
} from '@glowreel/contracts';
import { z } from 'zod';

type JsonObject = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of API v1, built from the zod schemas the server validates with:
 * the documentation and the server cannot disagree. Named schemas (`.meta({ id })`) become
 * components; requests are described as accepted (defaults optional), responses as sent.
 */
export function buildOpenApiDocument(serverUrl: string): JsonObject {
  const components: Record<string, unknown> = {};
  const refOf = (schema: z.ZodType, io: 'input' | 'output'): unknown => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
    const rewritten = JSON.parse(
      JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonObject;
    const defs = (rewritten.$defs ?? {}) as Record<string, unknown>;
    for (const [name, definition] of Object.entries(defs)) components[name] ??= definition;
    delete rewritten.$defs;
    delete rewritten.$schema;
    return rewritten;
  };

  const errorRef = refOf(apiErrorSchema, 'output');
  const errorResponse = (description: string) => ({
    description,
    headers: rateLimitHeaders,
    content: { 'application/json': { schema: errorRef } },
  });
  const multipartFields = refOf(apiGenerateMultipartFieldsSchema, 'input') as JsonObject;
  const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
  const multipartSchema = {
    ...multipartFields,
    properties: {
      ...(multipartFields.properties as JsonObject),
      before_image: { ...binary, description: 'The before photo (with after_image).' },
      after_image: { ...binary, description: 'The after photo (with before_image).' },
      composite_image: { ...binary, description: 'One before-and-after composite.' },
      logo: {
        ...binary,
        description:
          "The clinic's logo for the end card (PNG, JPEG, WEBP or still GIF, at most 2 MB). Defaults to your brand kit's logo.",
      },
    },
  };

  const limits = [
    `Free ${FREE_PLAN_API_REQUESTS_PER_MINUTE}`,
    ...PLANS.map((plan) => `${plan.name} ${plan.apiRequestsPerMinute}`),
  ].join(', ');

  return {
    openapi: '3.1.0',
    info: {
      title: 'Glowreel API',
      version: '1.0.0',
      description: `Turn before-and-after photos into ready-to-post MP4 videos. Authenticate with an API key from the Developers section of your dashboard: \`Authorization: Bearer <key>\`. Requests per account per minute: ${limits}. Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds); over the limit the answer is 429 with Retry-After.`,
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/api/v1/generate': {
        post: {
          operationId: 'generateVideo',
          summary: 'Start a video',
          description:
            'Reserves one credit and queues the render; the credit is spent when the video completes and returned if it fails. Send composite_image, or before_image with after_image. With engine "veo" (optional generative engine, only where the server has it and an owner accepted its notice) the video reserves the configured price in credits instead (3 by default), takes minutes, carries the on-screen label "AI-generated motion" on every generated second, and returns every credit if the provider fails, refuses or times out.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Any unique string up to 255 characters. The same key with the same request within 24 hours returns the first response and spends no second credit; with a different request it is a 409.',
              schema: { type: 'string', maxLength: 255 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: refOf(apiGenerateJsonSchema, 'input') },
              'multipart/form-data': { schema: multipartSchema },
            },
          },
          responses: {
            '202': {
              description: 'Accepted: the video is rendering.',
              headers: rateLimitHeaders,
              content: {
                'application/json': { schema: refOf(apiGenerateAcceptedSchema, 'output') },
              },
            },
            '400': errorResponse(
              'Bad request: missing_image, invalid_image_format, invalid_option, consent_required, invalid_webhook_url, …',
            ),
            '401': errorResponse('Missing, malformed, unknown or revoked API key.'),
            '402': errorResponse('insufficient_credits: no credits left.'),
            '409': errorResponse('idempotency_conflict.'),
            '413': errorResponse('image_too_large: an image over 10 MB.'),
            '422': errorResponse(
              `invalid_template: template is not one of ${TEMPLATES.join(', ')} (the message lists them). validation_failed: a text field (details.field) holds control characters. treated_area_required: the animation moves the after photo (animate_after_smile, animate_after_surprise, animate_after_head_turn) and treated_area is missing. animation_moves_treated_area: the animation would move the treated area of the after photo (e.g. a smile with lips, a surprise with brows_forehead); the message names the animations that leave it still. engine_unavailable: engine is veo but this server has no generative engine configured, or no owner of the clinic has accepted its notice yet (or engine is not builtin or veo).`,
            ),
            '429': errorResponse('rate_limited: too many requests this minute; see Retry-After.'),
            '500': errorResponse('internal_error.'),
          },
        },
      },
      '/api/v1/videos': {
        get: {
          operationId: 'listVideos',
          summary: 'List your videos, newest first',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            },
            {
              name: 'cursor',
              in: 'query',
              schema: { type: 'string' },
              description: 'next_cursor of the previous page.',
            },
          ],
          responses: {
            '200': {
              description: 'One page of videos.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: refOf(apiVideoListSchema, 'output') } },
            },
            '400': errorResponse('invalid_cursor or invalid_request.'),
            '401': errorResponse('Missing, malformed, unknown or revoked API key.'),
            '429': errorResponse('rate_limited.'),
          },
        },
      },
      '/api/v1/videos/{id}': {
        get: {
          operationId: 'getVideo',
          summary: 'A video’s status, progress and signed download link',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'The video.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: refOf(apiVideoSchema, 'output') } },
            },
            '401': errorResponse('Missing, malformed, unknown or revoked API key.'),
            '404': errorResponse('not_found: no video with this id in your account.'),
            '429': errorResponse('rate_limited.'),
          },
        },
        delete: {
          operationId: 'deleteVideo',
          summary: 'Delete a video: its MP4 and thumbnail are removed at once',
          description:
            'Removes the MP4 and thumbnail from storage and clears the video’s title, options, provenance and the consent record’s personal details; only a bare record (id, dates, the credit it used) stays for the account’s ledger and audit log. From then on the video, its signed links and a second delete answer 404.',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '204': { description: 'Deleted.', headers: rateLimitHeaders },
            '401': errorResponse('Missing, malformed, unknown or revoked API key.'),
            '404': errorResponse(
              'not_found: no video with this id in your account (or already deleted).',
            ),
            '409': errorResponse(
              'video_rendering: the video is still rendering; delete it once it has finished.',
            ),
            '429': errorResponse('rate_limited.'),
          },
        },
      },
      '/api/v1/videos/{id}/consent/revoke': {
        post: {
          operationId: 'revokeConsent',
          summary: 'Revoke the patient’s consent: the video is withdrawn at once',
          description:
            'Marks the consent recorded with the video revoked, with the reason. From then on its download and thumbnail links answer 410 consent_revoked, and the video’s webhook_url receives video.consent_revoked.',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: refOf(consentRevokeRequestSchema, 'input') },
            },
          },
          responses: {
            '200': {
              description: 'The video, its consent now revoked.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: refOf(apiVideoSchema, 'output') } },
            },
            '400': errorResponse('bad_request: the reason is missing.'),
            '401': errorResponse('Missing, malformed, unknown or revoked API key.'),
            '404': errorResponse('not_found: no video with this id in your account.'),
            '409': errorResponse(
              'conflict: the consent was already revoked, or the video was made before consent records.',
            ),
            '429': errorResponse('rate_limited.'),
          },
        },
      },
      '/api/v1/videos/{id}/download': signedFilePath(
        'The MP4 (H.264, yuv420p, faststart).',
        'video/mp4',
      ),
      '/api/v1/videos/{id}/thumbnail': signedFilePath(
        'The poster frame, 640 px wide.',
        'image/jpeg',
      ),
    },
    webhooks: {
      videoEvent: {
        post: {
          summary:
            'video.completed, video.failed, video.consent_revoked or video.consent_expired, sent to the webhook_url of the request',
          description:
            'Signed with your account’s webhook secret (Developers section): the Webhook-Signature header is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. Answer with any 2xx within 10 seconds; otherwise the event is retried with growing delays, seven tries over about an hour. video.consent_revoked is sent when the clinic revokes the consent; video.consent_expired once, by the daily check, after the consent’s expiry date has passed (its links answer 410 consent_expired from that moment).',
          parameters: [
            { name: 'Webhook-Signature', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'Webhook-Id', in: 'header', required: true, schema: { type: 'string' } },
          ],
          requestBody: {
            content: { 'application/json': { schema: refOf(apiWebhookEventSchema, 'output') } },
          },
          responses: { '200': { description: 'Received.' } },
        },
      },
    },
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}

const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in any 60 seconds on your plan.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left before the limit, counting the last 60 seconds.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description:
      'When the oldest request counted leaves the 60-second window and one more is allowed, in Unix seconds.',
    schema: { type: 'integer' },
  },
};

function signedFilePath(description: string, contentType: string) {
  return {
    get: {
      summary: description,
      description:
        'Use the signed URL from the video’s download_url or thumbnail_url; it expires after an hour. No API key is needed.',
      security: [],
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'expires', in: 'query', required: true, schema: { type: 'integer' } },
        { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description, content: { [contentType]: {} } },
        '206': { description: 'A byte range of the file (Range requests).' },
        '403': { description: 'The link is invalid or has expired.' },
        '404': { description: 'No finished video with this id.' },
        '410': {
          description:
            "consent_revoked or consent_expired: the patient's consent was revoked or has ended, so the video is withdrawn.",
        },
      },
    },
  };
}
